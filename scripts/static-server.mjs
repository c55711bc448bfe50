#!/usr/bin/env node
/**
 * The static server of the built frontends, configured the way a CDN must
 * serve them (docs/platform/cdn.md). @fastify/static does the file
 * serving: it negotiates the brotli and gzip files each build emits beside the
 * originals (preCompressed, with Vary: Accept-Encoding), and handles ranges,
 * ETags and conditional requests. @fastify/compress compresses the app's page,
 * which is written per request when run-time config is inlined into it, and
 * the page's preloads also go out as a Link header. This module adds the cache rule per kind of
 * file, CORS so the shell can load remotes from other origins, run-time config
 * bodies, and the single-page app's fallback to index.html.
 *
 * CLI: node scripts/static-server.mjs <folder> <port>
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { HISTORY_FILE } from './deploy/site.mjs';
import { FIRST_PAGES_URL, firstPagesJson, manifestReader } from './first-pages.mjs';
import { firstViewEnabled, firstViewRenderer, insertFirstView, requestCookies, switchedFirstView } from './first-view.mjs';
import { inlineRuntimeConfig } from './inline-runtime-config.mjs';
import { pageSecurityHeaders } from './security-headers.mjs';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** A build's static/ folder: at the root, or in a release a deployed site keeps (releases/<app>/<id>/static/, scripts/deploy/site.mjs). */
const HASHED_FILES = /^(releases\/[^/]+\/[^/]+\/)?static\//;

/**
 * Files under static/ carry a content hash in their names and never change;
 * everything else (index.html, remotes.json, app-config.json, mf-manifest.json,
 * remoteEntry.js, version.json) keeps its name across deployments, so the
 * browser revalidates it on every use (a 304 when unchanged).
 */
export function cacheControlFor(relativePath) {
  return HASHED_FILES.test(relativePath) ? IMMUTABLE : REVALIDATE;
}

/**
 * The page's `<link rel="preload">` tags as a `Link` header: the browser starts
 * those downloads when the response's headers arrive, before it parses the
 * page (a CDN sends the same as 103 Early Hints).
 */
export function preloadLinkHeader(html) {
  const links = [...html.matchAll(/<link rel="preload" as="(\w+)" href="([^"]+)">/g)].map(([, as, href]) => `<${href}>; rel=preload; as=${as}`);
  return links.join(', ');
}

/**
 * Serves `root` on `port`. `overrides` maps URL paths to generated bodies (for
 * run-time config such as /remotes.json): a string, or a function (which may
 * resolve later) read on each request so a deployment can change the body
 * without restarting the server.
 * `inlineIntoHtml` names overrides that the app's page (index.html, for / and
 * every deep link) carries inline, as a deploy step would write them
 * (inline-runtime-config.mjs), so the first script needs no round trip for
 * them. `renderFirstView(url, remotes, appConfig)` (first-view.mjs), when given, puts the requested page's first
 * view into the app's page. Resolves with the Fastify instance (`close()` stops it).
 */
export async function serveStatic({ root, port, host = '127.0.0.1', overrides = {}, inlineIntoHtml = [], spa = true, renderFirstView = undefined }) {
  const base = path.resolve(root);
  const app = Fastify({ logger: false });
  const bodyOf = (url) => (typeof overrides[url] === 'function' ? overrides[url]() : overrides[url]);

  /** A run-time config file as this request would get it (its override, or the folder's file), parsed; {} when absent. */
  async function runtimeConfigFile(url) {
    const body = url in overrides ? await bodyOf(url) : await readFile(path.join(base, url), 'utf8').catch(() => null);
    return body ? JSON.parse(body) : {};
  }

  /** The app's page, with the named overrides inlined as they are at this request, and the security headers that fit it. */
  async function sendAppPage(request, reply) {
    const built = await readFile(path.join(base, 'index.html'), 'utf8');
    const inlined = inlineIntoHtml.length ? inlineRuntimeConfig(built, Object.fromEntries(await Promise.all(inlineIntoHtml.map(async (url) => [url, await bodyOf(url)])))) : built;
    const [remotes, appConfig] = await Promise.all([runtimeConfigFile('/remotes.json'), runtimeConfigFile('/app-config.json')]);
    const html = renderFirstView ? insertFirstView(inlined, await renderFirstView(request.url, remotes, appConfig, requestCookies(request.headers.cookie))) : inlined;
    reply.headers(pageSecurityHeaders(html, { remotes, appConfig }));
    // A first view may differ by what the visitor chose (a remote's cookie): a shared cache keeps one per cookie.
    if (renderFirstView) reply.header('vary', 'Cookie');
    const preloads = preloadLinkHeader(html);
    if (preloads) reply.header('link', preloads);
    // Compressed: with its first render's styles and early script inline, the plain page no longer fits a
    // new connection's first round trip on a phone.
    return reply.type('text/html; charset=utf-8').header('cache-control', REVALIDATE).compress(html);
  }

  // Only where a route asks (reply.compress): everything else is served precompressed by @fastify/static.
  await app.register(fastifyCompress, { global: false, threshold: 1024 });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('access-control-allow-origin', '*').header('x-content-type-options', 'nosniff');
    // A deployed site's history names who deployed: for the deploy command, not for browsers.
    if (request.url.split('?')[0] === `/${HISTORY_FILE}`) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });

  for (const url of Object.keys(overrides)) {
    app.get(url, async (_request, reply) => {
      return reply.type(url.endsWith('.json') ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8').header('cache-control', REVALIDATE).send(await bodyOf(url));
    });
  }
  app.get('/', (request, reply) => sendAppPage(request, reply));
  app.get('/index.html', (request, reply) => sendAppPage(request, reply));

  await app.register(fastifyStatic, {
    root: base,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, file) {
      reply.header('cache-control', cacheControlFor(path.relative(base, file).split(path.sep).join('/')));
    },
  });

  // Deep links of the single-page app get index.html; missing files stay 404.
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    if (spa && (request.method === 'GET' || request.method === 'HEAD') && !path.extname(pathname)) {
      return sendAppPage(request, reply);
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });

  await app.listen({ port, host });
  return app;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [root, port] = process.argv.slice(2);
  if (!root || !port) {
    console.error('usage: node scripts/static-server.mjs <folder> <port>');
    process.exit(2);
  }
  // A shell's folder (it has remotes.json): its page carries its run-time config inline, as a deploy writes it.
  const isShell = existsSync(path.join(root, 'remotes.json'));
  const inlineIntoHtml = isShell ? ['/remotes.json', '/app-config.json', FIRST_PAGES_URL] : [];
  const overrides = isShell ? { [FIRST_PAGES_URL]: () => readFile(path.join(root, 'remotes.json'), 'utf8').then((json) => firstPagesJson(JSON.parse(json), manifestReader(root))) } : {};
  for (const url of ['/remotes.json', '/app-config.json']) if (isShell) overrides[url] = () => readFile(path.join(root, url), 'utf8');
  // A shell's page carries the first view of the page asked for, as the live remote release renders it (first-view.mjs).
  const enabled = firstViewEnabled();
  const renderFirstView = isShell ? switchedFirstView(firstViewRenderer({ site: root, readManifest: manifestReader(root) }), () => enabled) : undefined;
  const app = await serveStatic({ root, port: Number(port), host: process.env.HOST ?? '127.0.0.1', overrides, inlineIntoHtml, renderFirstView });
  console.log(`serving ${path.resolve(root)} on http://localhost:${app.server.address().port}`);
}
