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
 * whose view depends on more than the public reads, gets today's client render.
 */
export function render({ path, config, signal }: { path: string; config: AppConfig; signal: AbortSignal }): Promise<RenderedFirstView | null> {
  const url = new URL(path, 'http://page');
  if (url.search || !isFirstPage(url.pathname)) return Promise.resolve(null);
  return renderFirstView({ Routes: CustomerRoutes, path: url.pathname, config, signal });
}
