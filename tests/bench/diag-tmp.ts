import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startStackProcess as startStack } from '../../scripts/stack.mjs';
const PORTS = { shell: 3200, customer: 3201, admin: 3202, debug: 3203, service: 4200, identity: 4600 };
const dataDir = mkdtempSync(path.join(tmpdir(), 'diag-'));
const stack = await startStack({ ports: PORTS, dataDir });
try {
  const pages = (process.env.PAGES ?? '/').split(',');
  for (const p of pages) {
    await fetch(`${stack.urls.shell}${p}`);
    const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
    const r = await lighthouse(`${stack.urls.shell}${p}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    chrome.kill();
    const name = p.replace(/\W+/g, '_');
    writeFileSync(`/tmp/lh${name}.json`, JSON.stringify(r!.lhr)); writeFileSync(`/tmp/trace${name}.json`, JSON.stringify((r as any).artifacts.Trace)); const A = (r as any).artifacts; writeFileSync(`/tmp/artifacts${name}.json`, JSON.stringify({ Trace: A.Trace, DevtoolsLog: A.DevtoolsLog, GatherContext: A.GatherContext, URL: A.URL, SourceMaps: A.SourceMaps ?? [], settings: r!.lhr.configSettings }));
    console.log(p, r!.lhr.categories.performance.score, r!.lhr.audits['largest-contentful-paint'].numericValue, r!.lhr.audits['total-blocking-time'].numericValue);
  }
} finally { await stack.stop(); }
