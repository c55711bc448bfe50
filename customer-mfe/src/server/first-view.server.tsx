/**
 * This remote's server module (built by its own node compilation, see shared-ui/federation.mjs serverRender): the
 * page server calls `render` to put a first page's view in the HTML it sends (docs/platform/frontends.md, "The first
 * view from the HTML"). It renders the same routes the browser does, so a customer release alone changes what the
 * first paint shows. It renders the pages of its first-page table, and nothing else.
 */
import { matchPath } from 'react-router-dom';
import type { AppConfig } from 'shared-ui';
import { renderFirstView, type RenderedFirstView } from 'shared-ui/first-view-server';
import CustomerRoutes from '../exposes/routes';
import firstPages from '../exposes/first-pages.json';
import { cityFromCookies, ServerChosenCity } from '../lib/chosen-city';

/** A first page `path` (pathname and search) is, with its parameters in their allowed shape. */
function isFirstPage(path: string): boolean {
  return firstPages.some((page) => {
    const match = matchPath(page.path, path);
    const shapes: Record<string, string> = 'params' in page && page.params ? page.params : {};
    return match && Object.entries(shapes).every(([name, shape]) => new RegExp(shape).test(match.params[name] ?? ''));
  });
}

/**
 * The first view of `path`, or null: a path outside the table, or one with a query (a chosen show time, filters),
 * whose view depends on more than the public reads, gets today's client render. `cookies` are the request's, by
 * name (the page server passes them all, not knowing what this remote keeps there): the visitor's chosen city
 * (lib/chosen-city.ts) lists the same show times here as the app does from its storage after the handover.
 */
export function render({ path, config, signal, cookies }: { path: string; config: AppConfig; signal: AbortSignal; cookies?: Record<string, string> }): Promise<RenderedFirstView | null> {
  const url = new URL(path, 'http://page');
  if (url.search || !isFirstPage(url.pathname)) return Promise.resolve(null);
  const city = cityFromCookies(cookies);
  const Routes = () => (
    <ServerChosenCity value={city}>
      <CustomerRoutes />
    </ServerChosenCity>
  );
  return renderFirstView({ Routes, path: url.pathname, config, signal });
}
