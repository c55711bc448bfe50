/**
 * The page server's part of "the first view from the HTML" (docs/platform/frontends.md): a remote release may
 * publish a server module (its manifest's metaData.firstView, beside firstPages) that renders a first page's view
 * with its own components. For each request of the app's page, the live remote releases are asked in turn; the
 * first view one renders goes into the shell's page where the shell's index.html marks it, with its reads as JSON.
 * Anything less (an older release without a module, a shell without the mark, a render that throws or is slow)
 * sends the page unchanged: the client renders it as before.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REMOTE_NAMES } from './deploy/remotes-file.mjs';
import { AFTER_PAINT_SCRIPT_TYPE, FIRST_VIEW_BUSY_STYLE, firstViewEarlyScript } from './first-view-early.mjs';

/** A render's wait at most, reads included: past it the visitor gets today's page rather than a slower one. */
export const FIRST_VIEW_TIMEOUT_MS = 1000;

/** Where the shell's index.html has the first view go (inside its hidden #first-view frame), with the main's other attributes. */
const MARK = /<main((?:\s[^>]*?)?) data-first-view-slot><\/main>/;
const FRAME = '<div id="first-view" hidden>';
const ROOT = '<div id="root">';

/** The frame as the shell's index.html has it, while empty. */
const EMPTY_FRAME = /<div id="first-view" hidden>[\s\S]*?<main(?:\s[^>]*?)? data-first-view-slot><\/main><\/div>/;

/** The shell's preloads of its scripts, its deferred scripts and its inline (early) script, as its build writes them. */
const SCRIPT_PRELOAD = /<link rel="preload" as="script" href="[^"]*">/g;
const DEFERRED_SCRIPT = /<script defer src=/g;
const INLINE_SCRIPT = /<script>/g;

/**
 * The page's scripts held back until the first view has painted (first-view-early.mjs starts them after the `load`
 * event): with the view in the HTML nothing needs them for the first paint, and every request a phone starts
 * before it delays it. Their preloads go (also from the Link header, which is made from the page); the scripts keep
 * their place and order, under a type the browser does not fetch or run.
 */
function paintFirst(page) {
  return page
    .replace(SCRIPT_PRELOAD, '')
    .replace(DEFERRED_SCRIPT, `<script type="${AFTER_PAINT_SCRIPT_TYPE}" src=`)
    .replace(INLINE_SCRIPT, `<script type="${AFTER_PAINT_SCRIPT_TYPE}">`);
}

/**
 * Puts a rendered view into the shell's page: the frame shown with the view and its state, the app's root hidden
 * until the remote hands over (shared-ui/src/first-view/handover.ts). Without a view the empty frame is left out
 * (the page is today's: one header, the app's; a remote from before the handover would never remove it). A page
 * without the mark (an older shell) is returned unchanged.
 */
export function insertFirstView(page, view) {
  if (!view) return page.replace(EMPTY_FRAME, '');
  if (!MARK.test(page) || !page.includes(FRAME) || !page.includes(ROOT) || !page.includes('</head>')) return page;
  const state = `<script type="application/json" id="first-view-state">${view.state}</script>`;
  // In the head, not the frame: they must outlive it. Inline when read (a render-blocking stylesheet from the
  // remote's origin would cost the phone a new connection before the first paint); the remote's code then loads
  // its stylesheet as usual, the same rules again.
  const styles = (view.stylesheets ?? [])
    .map(({ href, css }) => (css === undefined ? `<link rel="stylesheet" href="${escapeAttribute(href)}">` : `<style data-first-view-styles="${escapeAttribute(href)}">${css}</style>`))
    .join('');
  // The early script goes in after paintFirst (it is the one script that runs at once), first in the head's end.
  const early = `<style>${FIRST_VIEW_BUSY_STYLE}</style><script>${firstViewEarlyScript()}</script>`;
  // No paint before the whole view is parsed: on a busy phone the parser yields mid-document, and a view painted
  // in part grows as the rest arrives (a layout shift: the hero's text without its overview). The state after it is
  // not waited for. Browsers without rel=expect ignore it.
  const whole = `<link rel="expect" href="#${VIEW_END}" blocking="render">`;
  return paintFirst(page)
    .replace('</head>', () => `${styles}${early}${whole}</head>`)
    .replace(FRAME, '<div id="first-view">')
    .replace(MARK, (_mark, attributes) => `<main${attributes}>${view.html}<template id="${VIEW_END}"></template>${state}</main>`)
    .replace(ROOT, '<div id="root" hidden>');
}

/** The element that ends the view's markup (a template: nothing to render, and no place among the view's elements). */
const VIEW_END = 'first-view-end';

const escapeAttribute = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The stylesheets a release's exposed modules load at once (its manifest's exposes[].assets.css.sync), as URLs
 * beside the manifest: the first view is the remote's markup, and is styled by the remote's styles.
 */
export function releaseStylesheets(manifestUrl, manifestText) {
  try {
    const files = JSON.parse(manifestText).exposes.flatMap((expose) => expose.assets?.css?.sync ?? []);
    const base = new URL(manifestUrl, 'http://site');
    return files.map((file) => (/^https?:\/\//.test(manifestUrl) ? new URL(file, base).href : new URL(file, base).pathname));
  } catch {
    return [];
  }
}

/** A stylesheet's text fit for a `<style>` element: no source map comment (its relative URL would resolve against the page), no `</style`. */
export function styleElementText(css) {
  return css.replace(/\/\*# sourceMappingURL=[^*]*\*\/\s*$/, '').replace(/<\/style/gi, '<\\/style');
}

/**
 * Reads stylesheets by URL or site path, once each (their names carry a content hash), as styleElementText.
 */
function stylesheetReader(site, { timeoutMs = 3000 } = {}) {
  const read = new Map();
  async function load(url) {
    if (!/^https?:\/\//.test(url)) return readFile(path.join(site, decodeURIComponent(url)), 'utf8');
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return response.text();
  }
  return async (url) => {
    if (!read.has(url)) read.set(url, load(url).then(styleElementText));
    // A stylesheet that cannot be read goes in as a link (and is tried again next time).
    return read.get(url).catch(() => (read.delete(url), undefined));
  };
}

/**
 * Loads a release's server module, once per module URL (its name carries its content hash): a site path from the
 * `site` folder, a URL over the network into a cache folder, by the hash of what was fetched.
 */
function moduleLoader(site, { cacheDir = path.join(os.tmpdir(), 'marquee-first-view'), timeoutMs = 3000 } = {}) {
  const loaded = new Map();
  async function load(url) {
    if (!/^https?:\/\//.test(url)) return import(pathToFileURL(path.join(site, decodeURIComponent(new URL(url, 'http://site').pathname))).href);
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    const code = await response.text();
    const file = path.join(cacheDir, `${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
    await mkdir(cacheDir, { recursive: true });
    await writeFile(file, code);
    return import(pathToFileURL(file).href);
  }
  return (url) => {
    if (!loaded.has(url)) {
      // A failed load is tried again on a later request, not remembered.
      const module = load(url).catch((error) => {
        loaded.delete(url);
        throw error;
      });
      loaded.set(url, module);
    }
    return loaded.get(url);
  };
}

/** The server module a manifest names, as a URL or site path beside the manifest; null without one. */
function serverModuleUrl(manifestUrl, manifestText) {
  try {
    const file = manifestText && JSON.parse(manifestText).metaData?.firstView;
    if (typeof file !== 'string') return null;
    return /^https?:\/\//.test(manifestUrl) ? new URL(file, manifestUrl).href : new URL(file, new URL(manifestUrl, 'http://site')).pathname;
  } catch {
    return null;
  }
}

/** `promise`, or a rejection once `ms` have passed (aborting `controller`, so the render's reads stop too). */
function withTimeout(promise, ms, controller) {
  let timer;
  const timeout = new Promise((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`no first view within ${ms} ms`));
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Whether this page server sends first views: on unless `FIRST_VIEW=off`. Off, every page is today's (the shell's
 * empty frame left out): the way back, without a release, if a release's first view is wrong.
 */
export function firstViewEnabled(env = process.env) {
  return env.FIRST_VIEW !== 'off';
}

/** A renderer that answers only while `isOn()` says so (null otherwise: today's page). */
export function switchedFirstView(renderFirstView, isOn) {
  return (url, remotes, appConfig, cookies) => (isOn() ? renderFirstView(url, remotes, appConfig, cookies) : Promise.resolve(null));
}

/**
 * The cookies of a request's `Cookie` header, by name (a value URL-decoded when it can be): the page server passes
 * them to a remote's render as they are, whatever the remote keeps in them (its visitor's choices, e.g. the city).
 */
export function requestCookies(header) {
  const cookies = {};
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    const name = pair.slice(0, at).trim();
    if (at < 0 || !name) continue;
    const value = pair.slice(at + 1).trim().replace(/^"(.*)"$/, '$1');
    if (name in cookies) continue;
    try {
      cookies[name] = decodeURIComponent(value);
    } catch {
      cookies[name] = value;
    }
  }
  return cookies;
}

/**
 * A function that renders the first view of `url` (path and query) for this request, with its cookies
 * (requestCookies): `{ html, state }`, or null.
 * Only the live releases (not canaries: a visitor may be given either, and the view must be the one the client
 * renders) of remotes.json are asked, in its order. `readManifest` as first-pages.mjs's manifestReader.
 */
export function firstViewRenderer({ site, readManifest, timeoutMs = FIRST_VIEW_TIMEOUT_MS, loadModule = moduleLoader(site), readStylesheet = stylesheetReader(site), log = console }) {
  return async function renderFirstView(url, remotes, appConfig, cookies = {}) {
    const controller = new AbortController();
    const attempt = async () => {
      for (const name of REMOTE_NAMES) {
        if (typeof remotes[name] !== 'string' || remotes.canary?.[name]) continue;
        const manifest = await readManifest(remotes[name]);
        const moduleUrl = serverModuleUrl(remotes[name], manifest);
        if (!moduleUrl) continue;
        const { render } = await loadModule(moduleUrl);
        const view = await render({ path: url, config: appConfig, signal: controller.signal, cookies });
        if (!view || typeof view.html !== 'string' || typeof view.state !== 'string') continue;
        const stylesheets = await Promise.all(releaseStylesheets(remotes[name], manifest).map(async (href) => ({ href, css: await readStylesheet(href) })));
        return { html: view.html, state: view.state, stylesheets };
      }
      return null;
    };
    try {
      return await withTimeout(attempt(), timeoutMs, controller);
    } catch (error) {
      log.warn(`[first-view] ${url}: sending the page without its first view (${error.message})`);
      return null;
    }
  };
}
