import { gzipSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import { FIRST_VISIT_JS_KIB } from './budgets';

export { FIRST_VISIT_JS_KIB };

/** The benchmark's size (tests/bench/frontend-budgets.ts), then the two every screen is tried at. */
export const FIRST_VISIT_SIZES = [{ width: 1280, height: 800 }, { width: 1366, height: 768 }, { width: 390, height: 844 }];

/**
 * The first visit's JavaScript as the benchmark measures it (tests/bench/frontend-budgets.ts, measurePage): every
 * script of every origin, each body gzipped at Node's default level, until the network is idle and a second more,
 * so code that loads after the first render counts too. Measuring only to the first render passed at 142.2 KiB.
 */
export async function firstVisitJavaScriptKiB(page: Page): Promise<{ kib: number; scripts: string[] }> {
  const sizes = new Map<string, number>();
  const reading: Promise<void>[] = [];
  page.on('response', (response) => {
    if (!(response.headers()['content-type'] ?? '').includes('javascript')) return;
    reading.push(response.body().then((body) => void sizes.set(response.url(), gzipSync(body).length), () => {}));
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: 'Now Showing' })).toBeVisible();
  await page.waitForTimeout(1000);
  await Promise.all(reading);
  const bytes = [...sizes.values()].reduce((sum, size) => sum + size, 0);
  return { kib: bytes / 1024, scripts: [...sizes].map(([url, size]) => `${url} ${(size / 1024).toFixed(2)} KiB`) };
}

