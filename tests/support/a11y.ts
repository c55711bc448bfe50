import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }

/** Runs axe-core (WCAG 2.1 A/AA rules) in the page; returns serious and critical violations. */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  return (await a11yViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Runs axe-core (WCAG 2.1 A/AA rules) in the page; returns every violation, whatever its impact. */
export async function a11yViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, not added as a <script>: the pages' Content-Security-Policy
  // (rightly) refuses inline scripts it does not know.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations;
  });
  return violations;
}
