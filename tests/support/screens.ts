import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { a11yViolations } from './a11y';

/** The two sizes every screen is tried at: a laptop and a phone. */
export const SCREEN_SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 768 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** A screenshot of what the person sees, attached to the test report (and kept in the test's output folder). */
export async function attachScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: false });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Every element of `locator` lies wholly inside the page's width: nothing clipped or off to the right. */
export async function expectAllWithinWidth(page: Page, locator: Locator): Promise<void> {
  const width = page.viewportSize()!.width;
  const boxes = await locator.evaluateAll((elements) =>
    elements.map((e) => {
      const r = e.getBoundingClientRect();
      return { left: r.left + window.scrollX, right: r.right + window.scrollX, text: (e.textContent ?? '').trim().slice(0, 40) };
    }),
  );
  expect(boxes.length).toBeGreaterThan(0);
  for (const box of boxes) {
    expect(box.left, box.text).toBeGreaterThanOrEqual(0);
    expect(box.right, box.text).toBeLessThanOrEqual(width + 0.5);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** No WCAG A/AA violation of any impact on the page as it is now. */
export async function expectNoA11yViolations(page: Page): Promise<void> {
  expect((await a11yViolations(page)).map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }))).toEqual([]);
}

/** The element's text sits on one line (a label that wraps, "Sign / out", reads as broken). */
export async function expectOneLine(locator: Locator): Promise<void> {
  const lines = await locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
  });
  expect(lines).toBe(1);
}
