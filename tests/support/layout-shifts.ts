import type { APIRequestContext, Page } from '@playwright/test';
import { urls } from './test-stack';

/*
 * Layout shifts as Chromium reports them (the layout-shift entries and their sources), for the browser tests that
 * hold the CLS budget (tests/browser/layout-shift.spec.ts, budgets-without-first-view.spec.ts).
 */

interface Shift {
  value: number;
  sources: string[];
}

/** Records every layout shift without recent input, with what moved (tag, classes, text) and its box before and after. */
export async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
    type LayoutShift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    const box = (rect: DOMRectReadOnly) => `${Math.round(rect.x)},${Math.round(rect.y)} ${Math.round(rect.width)}x${Math.round(rect.height)}`;
    const describe = (node: Node | null) => {
      const element = node instanceof Element ? node : node?.parentElement;
      if (!element) return 'a removed node';
      return `<${element.tagName.toLowerCase()} class="${element.className}"> "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShift[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({ value: entry.value, sources: entry.sources.map((s) => `${describe(s.node)} from ${box(s.previousRect)} to ${box(s.currentRect)}`) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** CLS after a second more: the sum of the recorded shifts, and what moved in each. */
export async function shiftsOf(page: Page): Promise<{ cls: number; report: string }> {
  await page.waitForTimeout(1000);
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
  const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
  return { cls, report: shifts.map((s) => `${s.value.toFixed(4)}: ${s.sources.join('; ')}`).join('\n') };
}

/** The first movie on show, and the path of its seat page on its first date with shows. */
async function firstMovie(request: APIRequestContext) {
  const all = (await (await request.get(`${urls.service}/api/show/all`)).json()) as { shows: { _id: string; title: string }[] };
  const movie = all.shows[0]!;
  const detail = (await (await request.get(`${urls.service}/api/show/${movie._id}`)).json()) as { dateTime: Record<string, unknown[]> };
  return { ...movie, seatPath: `/movies/${movie._id}/${Object.keys(detail.dateTime).sort()[0]!}` };
}

/** The customer's first pages (issue 44): the home page, a movie's page and its seat page, each with what says it is there. */
export const CUSTOMER_FIRST_PAGES = [
  { name: 'home', path: async () => '/', ready: (page: Page) => page.getByRole('heading', { name: 'Now Showing' }) },
  {
    name: "a movie's page",
    path: async (request: APIRequestContext) => `/movies/${(await firstMovie(request))._id}`,
    ready: (page: Page) => page.getByRole('heading', { level: 1 }),
  },
  {
    name: 'the seat page',
    path: async (request: APIRequestContext) => (await firstMovie(request)).seatPath,
    ready: (page: Page) => page.getByRole('heading', { name: 'Available Timings' }),
  },
];

