/**
 * Lighthouse 12 with its mobile preset (its default: a mid-range phone on slow
 * 4G, simulated throttling, 4x slower CPU) against the system Chromium. Each
 * run starts a fresh browser, so every run is a first visit.
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** audits that cost the most, with their estimated savings, for the report */
  opportunities: string[];
  /** The LCP element as Lighthouse names it (its snippet) and its timing breakdown in ms (lcp-breakdown-insight). */
  lcp: LcpBreakdown;
}

/**
 * Where an LCP's time goes (Lighthouse's lcp-breakdown-insight): time to the document's first byte, then for an
 * image the wait before its request starts and its download, then the wait until it is painted. Read from the
 * observed trace (the page as loaded on this machine), not the simulated phone the LCP figure is: the parts show
 * what the time waits on, the simulated LCP how long that would take on a phone.
 */
export interface LcpBreakdown {
  element: string;
  ttfbMs: number;
  resourceLoadDelayMs: number;
  resourceLoadDurationMs: number;
  renderDelayMs: number;
}

type Details = { type?: string; items?: Details[]; subpart?: string; duration?: number; snippet?: string; nodeLabel?: string };

function lcpBreakdown(details: Details | undefined): LcpBreakdown {
  const parts = details?.items ?? [];
  const subparts = parts.find((part) => part.type === 'table')?.items ?? [];
  const duration = (name: string) => subparts.find((item) => item.subpart === name)?.duration ?? 0;
  const node = parts.find((part) => part.type === 'node');
  return {
    element: node?.snippet ?? node?.nodeLabel ?? 'not named by this Lighthouse',
    ttfbMs: duration('timeToFirstByte'),
    resourceLoadDelayMs: duration('resourceLoadDelay'),
    resourceLoadDurationMs: duration('resourceLoadDuration'),
    renderDelayMs: duration('elementRenderDelay'),
  };
}

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export async function runLighthouse(url: string): Promise<LighthouseRun> {
  const chrome = await launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'] });
    if (!result) throw new Error(`${url}: Lighthouse returned nothing`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`${url}: Lighthouse: ${runtimeError.code} ${runtimeError.message}`);
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const failing = Object.values(audits)
      .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'notApplicable')
      .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
      cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      opportunities: failing,
      lcp: lcpBreakdown(audits['lcp-breakdown-insight']?.details as Details | undefined),
    };
  } finally {
    chrome.kill();
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** `runs` Lighthouse runs of `url`, one after another (in parallel they would slow each other). */
export async function lighthouseMedians(url: string, runs = 3) {
  const results: LighthouseRun[] = [];
  for (let run = 0; run < runs; run++) results.push(await runLighthouse(url));
  const of = (pick: (run: LighthouseRun) => number) => median(results.map(pick));
  return {
    runs: results,
    performance: of((r) => r.performance),
    accessibility: of((r) => r.accessibility),
    bestPractices: of((r) => r.bestPractices),
    lcpMs: of((r) => r.lcpMs),
    tbtMs: of((r) => r.tbtMs),
    cls: of((r) => r.cls),
    opportunities: [...new Set(results.flatMap((r) => r.opportunities))],
    /** The LCP element and breakdown of the run whose LCP is the median (or the lower middle one). */
    lcp: [...results].sort((a, b) => a.lcpMs - b.lcpMs)[Math.floor((results.length - 1) / 2)]!.lcp,
  };
}
