import { readFileSync } from 'node:fs';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
const A = JSON.parse(readFileSync(process.argv[2] ?? '/tmp/artifacts_.json', 'utf8'));
const context = { computedCache: new Map(), settings: A.settings };
const data = { trace: A.Trace, devtoolsLog: A.DevtoolsLog, gatherContext: A.GatherContext, settings: A.settings, URL: A.URL, SourceMaps: A.SourceMaps, simulator: null };
const r = await LanternLargestContentfulPaint.request(data, context);
console.log('LCP', Math.round(r.timing), 'optimistic', Math.round(r.optimisticEstimate.timeInMs), 'pessimistic', Math.round(r.pessimisticEstimate.timeInMs));
for (const [label, est] of [['PESSIMISTIC', r.pessimisticEstimate]]) {
  console.log(label);
  const rows = [...est.nodeTimings.entries()].sort((a, b) => a[1].startTime - b[1].startTime);
  for (const [node, t] of rows) {
    const what = node.type === 'network' ? `${node.request.url.replace('http://localhost:', '').slice(0, 70)} ${node.request.transferSize}B ${node.request.priority}` : `CPU ${Math.round(node.duration / 1000)}ms obs ` + (node.getEvaluateScriptURLs ? [...node.getEvaluateScriptURLs()].map(u => u.replace(/^.*\//, '')).join(',') : '');
    console.log(String(Math.round(t.startTime)).padStart(6), String(Math.round(t.endTime)).padStart(6), node.type.padEnd(7), what);
  }
}
