#!/usr/bin/env node
/**
 * Puts the shell's run-time config into its index.html, so the first script
 * finds it without a round trip: each file (/remotes.json, /app-config.json,
 * and /first-pages.json, the first-page tables the live remotes publish in
 * their manifests: first-pages.mjs) becomes a
 * `<script type="application/json" data-runtime-config="/remotes.json">`
 * in the head, and the booking service's origin gets `<link rel="preconnect">`. The
 * shell reads these first and fetches the file only when its tag is missing
 * (shell/src/federation/preload.ts), so a page without them still works.
 *
 * The static server does this on every request for the shell's pages
 * (scripts/static-server.mjs, `inlineIntoHtml`); a deployment to a CDN runs it
 * after writing remotes.json and app-config.json (docs/platform/cdn.md,
 * "Run-time config inline"): `node scripts/inline-runtime-config.mjs <shell dist folder>`.
 * Running it again replaces what an earlier run inlined.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIRST_PAGES_URL, firstPagesJson, manifestReader } from './first-pages.mjs';
import { headersFile, pageSecurityHeaders } from './security-headers.mjs';

const MARK = 'data-runtime-config';
/** What an earlier run inlined (its JSON cannot hold "</script>": scriptSafe). */
const INLINED = new RegExp(`(<script[^>]*\\s${MARK}[^>]*>[\\s\\S]*?</script>|<link[^>]*\\s${MARK}[^>]*>)\\n?`, 'g');

/** JSON that cannot end the script element it sits in. */
function scriptSafe(json) {
  return JSON.stringify(JSON.parse(json)).replace(/</g, '\\u003c');
}

/**
 * The origins every first page reads from, to connect to early: the booking
 * service and its images (app-config.json). The active remote's manifest is
 * fetched by the entry's first lines anyway; sign-in only on Login or with a session.
 */
function serviceOrigins(appConfigJson) {
  const config = appConfigJson ? JSON.parse(appConfigJson) : {};
  const urls = [config.apiBaseUrl, config.imageBaseUrl].filter((url) => typeof url === 'string' && /^https?:\/\//.test(url));
  return new Set(urls.map((url) => new URL(url).origin));
}

/**
 * `html` with `files` (URL path -> JSON text) inlined before </head>, and a
 * preconnect to the service's origins. Throws on a file that is not JSON, so
 * a broken config fails the deploy, not the page.
 */
export function inlineRuntimeConfig(html, files) {
  const tags = Object.entries(files).map(([url, json]) => `<script type="application/json" ${MARK}="${url}">${scriptSafe(json)}</script>`);
  for (const origin of serviceOrigins(files['/app-config.json'])) tags.push(`<link rel="preconnect" href="${origin}" crossorigin ${MARK}>`);
  const cleaned = html.replace(INLINED, '');
  if (!cleaned.includes('</head>')) throw new Error('index.html has no </head> to inline the run-time config before');
  return cleaned.replace('</head>', `${tags.join('\n')}\n</head>`);
}

/** The compressed twins a build writes beside index.html, stale once its run-time config is inlined again: the page is small enough to send as it is. */
export const INDEX_HTML_TWINS = ['index.html.br', 'index.html.gz'];

/**
 * The security headers that fit `page` as inlined (its inline scripts' hashes, the remotes' and the
 * service's origins: security-headers.mjs), in the `_headers` format a CDN reads: written beside the page
 * by every step that inlines the config, so the policy is refreshed with it.
 */
export const HEADERS_FILE = '_headers';
export function headersFileFor(page, remotesJson, appConfigJson) {
  return headersFile(pageSecurityHeaders(page, { remotes: JSON.parse(remotesJson), appConfig: JSON.parse(appConfigJson) }));
}

/**
 * The shell's page in `dist` with its remotes.json and app-config.json inlined,
 * and the first-page tables of the remotes remotes.json names (site paths read
 * from the `site` folder); `files` (URL path -> JSON text) replaces what is read from `dist`.
 */
export async function inlinedShellPage(dist, files = {}, site = dist) {
  const read = (name) => readFileSync(path.join(dist, name), 'utf8');
  const remotesJson = files['/remotes.json'] ?? read('remotes.json');
  return inlineRuntimeConfig(read('index.html'), {
    '/remotes.json': remotesJson,
    '/app-config.json': files['/app-config.json'] ?? read('app-config.json'),
    [FIRST_PAGES_URL]: await firstPagesJson(JSON.parse(remotesJson), manifestReader(site)),
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = process.argv[2];
  if (!dist) {
    console.error('usage: node scripts/inline-runtime-config.mjs <shell dist folder>');
    process.exit(2);
  }
  const page = await inlinedShellPage(dist);
  writeFileSync(path.join(dist, 'index.html'), page);
  for (const twin of INDEX_HTML_TWINS) rmSync(path.join(dist, twin), { force: true });
  const read = (name) => readFileSync(path.join(dist, name), 'utf8');
  writeFileSync(path.join(dist, HEADERS_FILE), headersFileFor(page, read('remotes.json'), read('app-config.json')));
  console.log(`inlined remotes.json, app-config.json and the remotes' first-page tables into ${path.join(dist, 'index.html')}; its security headers are in ${HEADERS_FILE}`);
}
