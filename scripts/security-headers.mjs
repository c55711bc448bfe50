/**
 * The security headers of a frontend's page (the shell's index.html, or a remote's standalone page),
 * computed from the page as it is sent and from the run-time config it is sent with, so a deploy that
 * changes remotes.json or re-inlines the config gets a policy that matches it:
 *
 * - Content-Security-Policy: scripts only from the page's own origin, the remotes' origins named in
 *   remotes.json (each remote and each canary), and the page's inline scripts by their SHA-256 (the early
 *   script, and a first view's early script: first-view-early.mjs; the inlined run-time config is `type="application/json"`, data the browser never runs, so it
 *   needs no hash). Connections to the service, the identity provider and the remotes; images from the
 *   service's image base; the trailer player's frame. `frame-ancestors 'none'`: no site may frame a
 *   booking page (clickjacking), which only a header can say (a <meta> policy cannot).
 * - Referrer-Policy: other origins see only our origin, never a page's path (a booking id in a URL).
 * - X-Frame-Options for browsers older than frame-ancestors, and nosniff.
 *
 * Styles allow 'unsafe-inline': the first render's styles are inline and React sets style attributes;
 * injected styles cannot run code, and hashing every style attribute would break on each render.
 * The static server sends these on each page (static-server.mjs); a CDN must send them too: the inline
 * step writes them beside the page as `_headers` (inline-runtime-config.mjs; docs/platform/cdn.md).
 */
import { createHash } from 'node:crypto';
import { AFTER_PAINT_SCRIPT_TYPE } from './first-view-early.mjs';

/** The trailer player embeds YouTube's privacy-enhanced player (customer-mfe trailer-player.tsx). */
const TRAILER_FRAMES = ['https://www.youtube-nocookie.com'];

/**
 * Executable inline scripts: no src, and no type or a JavaScript one (JSON data blocks never run), or one a first
 * view's page runs after its paint (first-view-early.mjs puts it back as a script, which the CSP checks by its hash).
 */
const INLINE_SCRIPT = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi;

function isExecutableInline(attributes = '') {
  if (/\ssrc\s*=/i.test(attributes)) return false;
  const type = /\stype\s*=\s*"([^"]*)"/i.exec(attributes)?.[1]?.toLowerCase();
  return !type || type === 'module' || type === 'text/javascript' || type === 'application/javascript' || type === AFTER_PAINT_SCRIPT_TYPE;
}

/** `'sha256-…'` of each inline script the page runs, in order. */
export function inlineScriptHashes(html) {
  const hashes = [];
  for (const [, attributes, code] of html.matchAll(INLINE_SCRIPT)) {
    if (isExecutableInline(attributes)) hashes.push(`'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

function originOf(url) {
  if (typeof url !== 'string' || url === '') return null;
  try {
    // An Auth0 domain is written without its scheme ("tenant.eu.auth0.com").
    return new URL(/^https?:\/\//.test(url) ? url : `https://${url}`).origin;
  } catch {
    return null;
  }
}

/** The origins of every remote release remotes.json names: each remote's manifest and each canary's. */
export function remoteOrigins(remotes = {}) {
  const manifests = Object.entries(remotes).flatMap(([key, value]) => {
    if (key === 'canary' && value && typeof value === 'object') return Object.values(value).map((canary) => canary?.manifest);
    return typeof value === 'string' ? [value] : [];
  });
  return manifests.map(originOf).filter(Boolean);
}

const list = (...groups) => [...new Set(groups.flat().filter(Boolean))].join(' ');

/**
 * The Content-Security-Policy of `html`, sent with `remotes` (remotes.json, parsed; {} for a remote's own
 * page) and `appConfig` (app-config.json, parsed).
 */
export function contentSecurityPolicy(html, { remotes = {}, appConfig = {} } = {}) {
  const remoteHosts = remoteOrigins(remotes);
  const api = originOf(appConfig.apiBaseUrl);
  const images = originOf(appConfig.imageBaseUrl);
  const identity = originOf(appConfig.auth?.domain);
  const self = "'self'";
  return [
    `default-src ${self}`,
    `script-src ${list(self, remoteHosts, inlineScriptHashes(html))}`,
    // data: for the empty stylesheet links that mark the first render's inlined styles as loaded (shell/build/first-render-html.mjs).
    `style-src ${list(self, "'unsafe-inline'", 'data:', remoteHosts)}`,
    `img-src ${list(self, 'data:', 'blob:', images, api, remoteHosts)}`,
    `font-src ${list(self, 'data:', remoteHosts)}`,
    `connect-src ${list(self, api, identity, remoteHosts)}`,
    `frame-src ${list(identity, TRAILER_FRAMES)}`,
    `object-src 'none'`,
    `base-uri ${self}`,
    `form-action ${list(self, identity)}`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

/** Every security header of a page (name -> value). */
export function pageSecurityHeaders(html, runtimeConfig) {
  return {
    'content-security-policy': contentSecurityPolicy(html, runtimeConfig),
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
  };
}

/** The same headers in the `_headers` file format CDNs read (Netlify, Cloudflare Pages): for every path. */
export function headersFile(headers) {
  const lines = Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`);
  return `/*\n${lines.join('\n')}\n`;
}
