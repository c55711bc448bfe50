#!/usr/bin/env node
/**
 * A small static file server for the built frontends (any static host or CDN
 * does the same job in production): correct types, immutable caching for
 * hashed files, no-cache for entry points and config, CORS so the shell can
 * load remotes from other origins, and the SPA fallback to index.html.
 *
 * CLI: node scripts/static-server.mjs <folder> <port>
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.zip': 'application/zip',
};

/** Files whose names carry a content hash never change; everything else is revalidated. */
function cacheControl(relative) {
  return relative.startsWith('static/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * Serves `root` on `port`. `overrides` maps URL paths to generated bodies (for
 * run-time config such as /remotes.json). Resolves with the http.Server.
 */
export function serveStatic({ root, port, host = '127.0.0.1', overrides = {}, spa = true }) {
  const base = path.resolve(root);
  const server = http.createServer(async (request, response) => {
    const headers = { 'access-control-allow-origin': '*', 'x-content-type-options': 'nosniff' };
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { ...headers, allow: 'GET, HEAD' }).end();
      return;
    }
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    } catch {
      response.writeHead(400, headers).end('Bad request');
      return;
    }
    if (pathname in overrides) {
      response.writeHead(200, { ...headers, 'content-type': TYPES[path.extname(pathname)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
      response.end(request.method === 'HEAD' ? undefined : overrides[pathname]);
      return;
    }
    let file = path.resolve(base, `.${pathname}`);
    if (file !== base && !file.startsWith(base + path.sep)) {
      response.writeHead(404, headers).end('Not found');
      return;
    }
    let info = await stat(file).catch(() => null);
    if (info?.isDirectory()) {
      file = path.join(file, 'index.html');
      info = await stat(file).catch(() => null);
    }
    // Deep links of the single-page app get index.html; missing assets stay 404.
    if (!info && spa && !path.extname(pathname)) {
      file = path.join(base, 'index.html');
      info = await stat(file).catch(() => null);
    }
    if (!info?.isFile()) {
      response.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const relative = path.relative(base, file).split(path.sep).join('/');
    response.writeHead(200, {
      ...headers,
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'content-length': info.size,
      'cache-control': cacheControl(relative),
    });
    if (request.method === 'HEAD') response.end();
    else createReadStream(file).pipe(response);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [root, port] = process.argv.slice(2);
  if (!root || !port) {
    console.error('usage: node scripts/static-server.mjs <folder> <port>');
    process.exit(2);
  }
  const server = await serveStatic({ root, port: Number(port), host: process.env.HOST ?? '127.0.0.1' });
  console.log(`serving ${path.resolve(root)} on http://localhost:${server.address().port}`);
}
