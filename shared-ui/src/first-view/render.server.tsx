/**
 * Server side of "the first view from the HTML": renders a remote's routes at one path, with the reads its page
 * makes, to static markup and the data the client starts from. Runs in the page server (Node), inside the
 * remote's own server bundle (its own React, never in a browser), so the markup is the remote's own components'.
 *
 * Two passes: the first renders the page so its hooks register their queries (with the page's own query keys and
 * functions, nothing restated here); the enabled ones are then fetched; the second pass renders with the data.
 */
import type { ComponentType } from 'react';
import { QueryClient, QueryClientProvider, type Query } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AuthStateContext, signedOutState, type AuthState } from '../auth/auth-state';
import { AppConfigProvider, type AppConfig } from '../config/app-config';
import type { FirstViewState } from './state';

export interface RenderedFirstView {
  html: string;
  /** FirstViewState as JSON that is safe inside `<script type="application/json">` (scriptSafeJson). */
  state: string;
}

/**
 * JSON text that cannot end or comment out the `<script>` element it sits in: `<` (as in `</script` or `<!--`)
 * and the two line separators JavaScript once rejected are written as \u escapes, which JSON.parse reads back.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** A visitor the server knows nothing about: signed out (what the client shows an anonymous first visit). */
const anonymous: AuthState = signedOutState(new Promise<AuthState>(() => {}), () => {});

async function renderToHtml(element: React.ReactElement, signal: AbortSignal): Promise<string> {
  // prerender waits for every lazily loaded page chunk (Suspense), which renderToString would leave as fallbacks.
  const { prelude } = await prerender(element, { signal });
  return new Response(prelude).text();
}

/** Whether a query the first pass registered is one the page reads now (an `enabled: false` query waits for input). */
function isEnabled(query: Query): boolean {
  const enabled = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/**
 * The first view of `path` rendered by `Routes` (a remote's exposed routes component), or null when its page
 * reads nothing or a read fails: then the page server sends today's page and the client renders it all.
 */
export async function renderFirstView({ Routes, path, config, signal }: { Routes: ComponentType; path: string; config: AppConfig; signal: AbortSignal }): Promise<RenderedFirstView | null> {
  // No retries and no garbage collection timers: one request's client, dropped after it.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity, staleTime: Infinity } } });
  const page = (
    <AppConfigProvider config={config}>
      <StaticRouter location={path}>
        <AuthStateContext.Provider value={anonymous}>
          <QueryClientProvider client={client}>
            <Routes />
          </QueryClientProvider>
        </AuthStateContext.Provider>
      </StaticRouter>
    </AppConfigProvider>
  );
  await renderToHtml(page, signal);
  const reads = client.getQueryCache().getAll().filter(isEnabled);
  if (reads.length === 0) return null;
  await Promise.all(reads.map((query) => query.fetch().catch(() => undefined)));
  if (signal.aborted || reads.some((query) => query.state.status !== 'success')) return null;
  const html = await renderToHtml(page, signal);
  const state: FirstViewState = { queries: reads.map((query) => ({ queryKey: query.queryKey, data: query.state.data, updatedAt: query.state.dataUpdatedAt })) };
  return { html, state: scriptSafeJson(state) };
}
