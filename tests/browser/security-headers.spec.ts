import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { apiAs } from '../support/api';
import { signIn } from '../support/sign-in';
import { urls } from '../support/test-stack';

/**
 * Issue 32, part 8: the frontends' pages carry a Content-Security-Policy that allows exactly what they use
 * (scripts/security-headers.mjs), so a page of any of the three remotes, signed out and signed in, runs
 * without one violation; and no other site can frame the shell.
 */

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Collects every CSP violation the page reports, from its first script on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) fromConsole.push(message.text());
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  return async () => [...fromConsole, ...(await page.evaluate(() => window.__cspViolations ?? []))];
}

/** Visits `path` as a person would and waits for its page's heading (its remote has loaded and rendered). */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
}

test.describe('security headers of the frontends', () => {
  test('the shell page sends a policy naming its inline scripts by hash and the remotes by origin, with frame-ancestors none and a referrer policy', async ({ request }) => {
    const response = await request.get(`${urls.shell}/movies`);
    const headers = response.headers();
    const policy = headers['content-security-policy'] ?? '';
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toMatch(/script-src 'self' [^;]*'sha256-[A-Za-z0-9+/=]+'/);
    for (const remote of [urls.customer, urls.admin, urls.debug]) expect(policy).toContain(new URL(remote).origin);
    expect(policy).not.toContain("'unsafe-eval'");
    expect(policy).toMatch(/script-src [^;]*/);
    expect(policy.match(/script-src [^;]*/)?.[0]).not.toContain("'unsafe-inline'");
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options']).toBe('DENY');
  });

  test('every page of the customer, admin and support remotes runs with no CSP violation, signed out and signed in', async ({ page }) => {
    test.setTimeout(180_000);
    const violations = await watchViolations(page);
    const movie = (await apiAs().showAll()).shows[0]!;
    const [firstDate] = Object.keys((await apiAs().showDetail(movie._id)).dateTime).sort();

    await visit(page, '/');
    await visit(page, '/movies');
    await visit(page, `/movies/${movie._id}`);
    await visit(page, '/releases');
    await visit(page, '/theaters');
    await visit(page, '/payment-help');

    await page.goto('/');
    await signIn(page, 'user@example.com');
    await visit(page, `/movies/${movie._id}/${firstDate}`);
    await visit(page, '/my-bookings');
    await visit(page, '/favorite');

    await page.context().clearCookies();
    await page.goto('/');
    await page.evaluate(() => localStorage.clear());
    await page.goto('/');
    await signIn(page, 'admin@example.com');
    await page.goto('/admin');
    await expect(page.getByRole('navigation').getByRole('link', { name: /List Shows/i })).toBeVisible({ timeout: 20_000 });
    for (const tab of ['list-shows', 'add-shows', 'list-bookings']) {
      await page.goto(`/admin/${tab}`);
      await expect(page.getByRole('heading').first()).toBeVisible({ timeout: 20_000 });
    }

    await page.context().clearCookies();
    await page.goto('/');
    await page.evaluate(() => localStorage.clear());
    await page.goto('/');
    await signIn(page, 'support@example.com');
    await page.goto('/debug');
    await expect(page.getByRole('heading').first()).toBeVisible({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');

    expect(await violations()).toEqual([]);
  });

  test('a page on another origin that frames the shell gets nothing: the browser refuses the frame', async ({ page }) => {
    const framer: Server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(`<!doctype html><title>Framer</title><iframe id="victim" src="${urls.shell}/movies" width="800" height="600"></iframe>`);
    });
    await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve));
    try {
      const refused = page.waitForEvent('console', (message) => /frame-ancestors|Refused to (display|frame)/i.test(message.text()));
      await page.goto(`http://127.0.0.1:${(framer.address() as AddressInfo).port}/`);
      await refused;
      const frame = page.frames().find((f) => f !== page.mainFrame());
      // The refused frame shows the browser's error page, never the shell's content.
      expect(await frame?.locator('#root').count()).toBe(0);
    } finally {
      await new Promise((resolve) => framer.close(resolve));
    }
  });
});
