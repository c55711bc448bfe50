/**
 * `npm run bench` (frontend part): the budgets of the platform issue, measured.
 * - the four production builds together: at most 60 s on this machine;
 * - shell initial JavaScript on /: at most 120 KiB gzip;
 * - each remote's entry + exposed chunks beyond the shared libraries: at most 60 KiB gzip;
 * - home page on localhost: Largest Contentful Paint at most 1.5 s, layout shift 0.
 * Sizes are the gzip size of every JavaScript file the browser fetched from each origin.
 * Exits non-zero when a budget is missed.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { root, startStack } from '../../scripts/stack.mjs';

const PORTS = { shell: 3200, customer: 3201, admin: 3202, debug: 3203, service: 4200, identity: 4600 };
const KiB = 1024;
const BUDGETS = { buildSeconds: 60, shellInitialKiB: 120, remoteKiB: 60, lcpMs: 1500, cls: 0 };

function timeBuilds(): number {
  const started = process.hrtime.bigint();
  for (const app of ['shell', 'customer-mfe', 'admin-mfe', 'debug-mfe']) {
    execFileSync(path.join(root, app, 'node_modules/.bin/rspack'), ['build', '--mode', 'production'], { cwd: path.join(root, app), stdio: 'ignore' });
  }
  return Number(process.hrtime.bigint() - started) / 1e9;
}

async function measurePage(url: string, origins: Record<string, string>) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: number; __cls: number };
      w.__lcp = 0;
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) w.__cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const jsBytes: Record<string, number> = {};
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      const type = response.headers()['content-type'] ?? '';
      if (!type.includes('javascript')) return;
      const origin = new URL(response.url()).origin;
      const name = Object.keys(origins).find((key) => origins[key] === origin) ?? origin;
      pending.push(
        response.body().then((body) => {
          jsBytes[name] = (jsBytes[name] ?? 0) + gzipSync(body).length;
        }, () => {}),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Now Showing' }).waitFor();
    await page.waitForTimeout(1000);
    await Promise.all(pending);
    const { lcp, cls } = await page.evaluate(() => {
      const w = window as unknown as { __lcp: number; __cls: number };
      return { lcp: w.__lcp, cls: w.__cls };
    });
    return { jsBytes, lcp, cls };
  } finally {
    await browser.close();
  }
}

async function main() {
  const buildSeconds = timeBuilds();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-frontend-'));
  const stack = await startStack({ ports: PORTS, dataDir, log: false });
  let page;
  try {
    // One visit warms the service's caches, as any real visitor before you would have.
    await measurePage(`${stack.urls.shell}/`, stack.urls);
    page = await measurePage(`${stack.urls.shell}/`, stack.urls);
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const rows: [string, string, string, boolean][] = [
    ['four production builds', `${buildSeconds.toFixed(1)} s`, `≤ ${BUDGETS.buildSeconds} s`, buildSeconds <= BUDGETS.buildSeconds],
    ['shell initial JS on /', `${((page.jsBytes.shell ?? 0) / KiB).toFixed(1)} KiB gzip`, `≤ ${BUDGETS.shellInitialKiB} KiB`, (page.jsBytes.shell ?? 0) <= BUDGETS.shellInitialKiB * KiB],
    ['customer remote JS on /', `${((page.jsBytes.customer ?? 0) / KiB).toFixed(1)} KiB gzip`, `≤ ${BUDGETS.remoteKiB} KiB`, (page.jsBytes.customer ?? 0) <= BUDGETS.remoteKiB * KiB],
    ['home LCP (localhost)', `${page.lcp.toFixed(0)} ms`, `≤ ${BUDGETS.lcpMs} ms`, page.lcp > 0 && page.lcp <= BUDGETS.lcpMs],
    ['home CLS', page.cls.toFixed(3), `= ${BUDGETS.cls}`, page.cls <= BUDGETS.cls],
  ];
  console.log('\nFrontend budgets (Chromium, production builds, localhost)\n');
  console.log('| measure | figure | budget | met |');
  console.log('|---|---:|---:|:---:|');
  for (const [label, figure, budget, ok] of rows) console.log(`| ${label} | ${figure} | ${budget} | ${ok ? 'yes' : 'NO'} |`);
  const other = Object.entries(page.jsBytes).filter(([name]) => !['shell', 'customer'].includes(name));
  if (other.length) console.log(`\nOther JavaScript: ${other.map(([n, b]) => `${n} ${(b / KiB).toFixed(1)} KiB`).join(', ')}`);
  if (rows.some((row) => !row[3])) {
    console.error('\nfrontend budgets: at least one budget is missed');
    process.exitCode = 1;
  }
}

await main();
