/**
 * `npm run bench` (frontend part): the budgets of the platform issue, measured.
 * - the four production builds together: at most 60 s on this machine;
 * - shell initial JavaScript on /: at most 120 KiB gzip. "Initial" is every
 *   script from the shell's origin requested before the page's first render
 *   commits (the HTML's scripts, the bootstrap chunk and the shared libraries it
 *   needs); what loads after it (the sign-in SDK) is reported beside it;
 * - each remote's entry + exposed module beyond the shared libraries: at most
 *   60 KiB gzip (remoteEntry.js and the exposed module's synchronous files, from
 *   its mf-manifest.json; its lazily loaded pages are reported beside it);
 * - home and seat pages on localhost: Largest Contentful Paint at most 1.5 s,
 *   layout shift 0.
 * Writes its section of docs/performance.md and exits non-zero when a budget is missed.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { writeBenchResult } from '../../scripts/bench-results.mjs';
import { root, startStack } from '../../scripts/stack.mjs';

const PORTS = { shell: 3200, customer: 3201, admin: 3202, debug: 3203, service: 4200, identity: 4600 };
const KiB = 1024;
const BUDGETS = { buildSeconds: 60, shellInitialKiB: 120, remoteKiB: 60, lcpMs: 1500, cls: 0 };
const REMOTES = ['customer-mfe', 'admin-mfe', 'debug-mfe'];

function timeBuilds(): number {
  const started = process.hrtime.bigint();
  for (const app of ['shell', ...REMOTES]) {
    execFileSync(path.join(root, app, 'node_modules/.bin/rspack'), ['build', '--mode', 'production'], { cwd: path.join(root, app), stdio: 'ignore' });
  }
  return Number(process.hrtime.bigint() - started) / 1e9;
}

const gzipKiB = (file: string) => gzipSync(readFileSync(file)).length / KiB;

/** A remote's own JavaScript from its manifest: entry + exposed module (sync), and its lazy chunks. */
function remoteSizes(app: string) {
  const dist = path.join(root, app, 'dist');
  const manifest = JSON.parse(readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8')) as {
    metaData: { remoteEntry: { name: string; path: string } };
    exposes: { assets: { js: { sync: string[]; async: string[] } } }[];
  };
  const entry = path.join(dist, manifest.metaData.remoteEntry.path, manifest.metaData.remoteEntry.name);
  const sync = manifest.exposes.flatMap((e) => e.assets.js.sync);
  const lazy = manifest.exposes.flatMap((e) => e.assets.js.async);
  return {
    initialKiB: gzipKiB(entry) + sync.reduce((sum, file) => sum + gzipKiB(path.join(dist, file)), 0),
    lazyKiB: lazy.reduce((sum, file) => sum + gzipKiB(path.join(dist, file)), 0),
  };
}

interface PageFigures {
  lcp: number;
  cls: number;
  /** gzip bytes of every script per origin name */
  jsBytes: Record<string, number>;
  /** gzip bytes of the shell's scripts requested before the first render committed */
  shellInitialBytes: number;
  /** those scripts: path on the shell's origin and gzip bytes */
  shellInitialScripts: { path: string; bytes: number }[];
}

async function measurePage(url: string, origins: Record<string, string>, ready: (page: import('@playwright/test').Page) => Promise<void>): Promise<PageFigures> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: number; __cls: number; __firstCommit: number };
      w.__lcp = 0;
      w.__cls = 0;
      w.__firstCommit = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) w.__cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
      // The first render replaces the HTML's boot placeholder inside #root.
      new MutationObserver((_, observer) => {
        if (!document.getElementById('boot') && document.getElementById('root')?.childElementCount) {
          w.__firstCommit = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const gzipByUrl = new Map<string, number>();
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      if (!(response.headers()['content-type'] ?? '').includes('javascript')) return;
      pending.push(response.body().then((body) => void gzipByUrl.set(response.url(), gzipSync(body).length), () => {}));
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await ready(page);
    await page.waitForTimeout(1000);
    await Promise.all(pending);
    const measured = await page.evaluate(() => {
      const w = window as unknown as { __lcp: number; __cls: number; __firstCommit: number };
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({ url: e.name, start: e.startTime }));
      return { lcp: w.__lcp, cls: w.__cls, firstCommit: w.__firstCommit, scripts };
    });
    const jsBytes: Record<string, number> = {};
    for (const [scriptUrl, bytes] of gzipByUrl) {
      const origin = new URL(scriptUrl).origin;
      const name = Object.keys(origins).find((key) => origins[key] === origin) ?? origin;
      jsBytes[name] = (jsBytes[name] ?? 0) + bytes;
    }
    if (!measured.firstCommit) throw new Error(`${url}: the first render was not observed`);
    const shellInitialScripts = measured.scripts
      .filter((s) => new URL(s.url).origin === origins.shell && s.start < measured.firstCommit && gzipByUrl.has(s.url))
      .map((s) => ({ path: new URL(s.url).pathname, bytes: gzipByUrl.get(s.url)! }));
    const shellInitialBytes = shellInitialScripts.reduce((sum, s) => sum + s.bytes, 0);
    return { lcp: measured.lcp, cls: measured.cls, jsBytes, shellInitialBytes, shellInitialScripts };
  } finally {
    await browser.close();
  }
}

/** What each of the shell's initial scripts holds: a shared library (from the shell's mf-manifest.json), the entry with the federation runtime, or the shell's own code. */
function shellInitialParts(scripts: PageFigures['shellInitialScripts']): string {
  const manifest = JSON.parse(readFileSync(path.join(root, 'shell/dist/mf-manifest.json'), 'utf8')) as { shared: { name: string; assets: { js: { sync: string[] } } }[] };
  const libraryOf = new Map(manifest.shared.flatMap((shared) => shared.assets.js.sync.map((file): [string, string] => [`/${file}`, shared.name])));
  const parts = new Map<string, number>();
  for (const { path: file, bytes } of scripts) {
    const part = libraryOf.get(file) ?? (/\/main\.[^/]*\.js$/.test(file) ? 'entry: Module Federation runtime' : "shell's own code");
    parts.set(part, (parts.get(part) ?? 0) + bytes);
  }
  return [...parts].sort((a, b) => b[1] - a[1]).map(([part, bytes]) => `${part} ${(bytes / KiB).toFixed(1)}`).join(', ');
}

async function seatPagePath(serviceUrl: string): Promise<string> {
  const all = (await (await fetch(`${serviceUrl}/api/show/all`)).json()) as { shows: { _id: string }[] };
  const movieId = all.shows[0]!._id;
  const detail = (await (await fetch(`${serviceUrl}/api/show/${movieId}`)).json()) as { dateTime: Record<string, unknown[]> };
  const date = Object.keys(detail.dateTime).sort()[0]!;
  return `/movies/${movieId}/${date}`;
}

async function main() {
  const buildSeconds = timeBuilds();
  const remotes = Object.fromEntries(REMOTES.map((app) => [app, remoteSizes(app)]));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-frontend-'));
  const stack = await startStack({ ports: PORTS, dataDir, log: false });
  let home: PageFigures;
  let seats: PageFigures;
  let seatPath: string;
  try {
    seatPath = await seatPagePath(stack.urls.service!);
    const homeReady = (page: import('@playwright/test').Page) => page.getByRole('heading', { name: 'Now Showing' }).waitFor();
    const seatsReady = (page: import('@playwright/test').Page) => page.getByRole('heading', { name: 'Available Timings' }).waitFor();
    // One visit warms the service's caches, as any real visitor before you would have.
    await measurePage(`${stack.urls.shell}/`, stack.urls, homeReady);
    home = await measurePage(`${stack.urls.shell}/`, stack.urls, homeReady);
    await measurePage(`${stack.urls.shell}${seatPath}`, stack.urls, seatsReady);
    seats = await measurePage(`${stack.urls.shell}${seatPath}`, stack.urls, seatsReady);
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  type Row = [string, string, string, boolean];
  const kib = (bytes: number) => `${(bytes / KiB).toFixed(1)} KiB gzip`;
  const rows: Row[] = [
    ['four production builds', `${buildSeconds.toFixed(1)} s`, `≤ ${BUDGETS.buildSeconds} s`, buildSeconds <= BUDGETS.buildSeconds],
    ['shell initial JS on / (before the first render)', kib(home.shellInitialBytes), `≤ ${BUDGETS.shellInitialKiB} KiB`, home.shellInitialBytes <= BUDGETS.shellInitialKiB * KiB],
    ...REMOTES.map((app): Row => [`${app}: entry + exposed module`, `${remotes[app]!.initialKiB.toFixed(1)} KiB gzip`, `≤ ${BUDGETS.remoteKiB} KiB`, remotes[app]!.initialKiB <= BUDGETS.remoteKiB]),
    ['home: Largest Contentful Paint', `${home.lcp.toFixed(0)} ms`, `≤ ${BUDGETS.lcpMs} ms`, home.lcp > 0 && home.lcp <= BUDGETS.lcpMs],
    ['home: Cumulative Layout Shift', home.cls.toFixed(3), `= ${BUDGETS.cls}`, home.cls <= BUDGETS.cls],
    [`seat page (${seatPath}): Largest Contentful Paint`, `${seats.lcp.toFixed(0)} ms`, `≤ ${BUDGETS.lcpMs} ms`, seats.lcp > 0 && seats.lcp <= BUDGETS.lcpMs],
    ['seat page: Cumulative Layout Shift', seats.cls.toFixed(3), `= ${BUDGETS.cls}`, seats.cls <= BUDGETS.cls],
  ];
  const table = ['| measure | figure | budget | met |', '|---|---:|---:|:---:|', ...rows.map(([label, figure, budget, ok]) => `| ${label} | ${figure} | ${budget} | ${ok ? 'yes' : 'NO'} |`)];
  const perOrigin = (figures: PageFigures) =>
    Object.entries(figures.jsBytes)
      .map(([name, bytes]) => `${name} ${(bytes / KiB).toFixed(1)} KiB`)
      .join(', ');
  const notes = [
    '',
    `The shell's initial JS on / by part (KiB gzip): ${shellInitialParts(home.shellInitialScripts)}.`,
    '',
    'All JavaScript each page downloaded, per origin (gzip), including what loads after the first render (the sign-in SDK, the page chunks):',
    '',
    `- home: ${perOrigin(home)}`,
    `- seat page: ${perOrigin(seats)}`,
    '',
    'Remotes\' lazily loaded pages (not part of the budget): ' + REMOTES.map((app) => `${app} ${remotes[app]!.lazyKiB.toFixed(1)} KiB`).join(', ') + '.',
    '',
    'Chromium (Debian) headless, 1280×800, production builds served by scripts/static-server.mjs, second visit of each page (the service\'s caches warm, the browser\'s cold).',
  ];
  const markdown = [...table, ...notes].join('\n');
  console.log('\nFrontend budgets (Chromium, production builds, localhost)\n');
  console.log(markdown);
  const failures = rows.filter((row) => !row[3]).map(([label, figure, budget]) => `${label}: ${figure}, budget ${budget}`);
  writeBenchResult('30-frontend', { title: 'Frontend budgets', command: 'npm run bench (tests: node --import tsx bench/frontend-budgets.ts)', markdown, failures });
  if (failures.length) {
    console.error('\nfrontend budgets: at least one budget is missed');
    process.exitCode = 1;
  }
}

await main();
