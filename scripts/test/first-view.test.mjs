/** The page server's part of the first view (scripts/first-view.mjs): where a view goes, and every way it falls back. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { AFTER_PAINT_SCRIPT_TYPE, firstViewEarlyScript } from '../first-view-early.mjs';
import { firstViewEnabled, firstViewRenderer, insertFirstView, releaseStylesheets, requestCookies, styleElementText, switchedFirstView } from '../first-view.mjs';
import { inlineScriptHashes } from '../security-headers.mjs';
import { preloadLinkHeader } from '../static-server.mjs';

const SHELL_PAGE =
  '<html><head><title>t</title></head><body><div id="first-view" hidden><header class="shell-header"></header><main data-first-view-slot></main></div><div id="root"><div id="boot">Loading…</div></div></body></html>';
const VIEW = { html: '<h1>Dear Odette</h1>', state: '{"queries":[]}', stylesheets: [{ href: 'http://remote.test/static/a.css', css: 'h1{color:red}' }, { href: 'http://remote.test/static/b.css' }] };

test('a view goes into the frame, with its state as JSON data and its styles in the head; the app root waits hidden', () => {
  const page = insertFirstView(SHELL_PAGE, VIEW);
  assert.match(page, /<div id="first-view"><header class="shell-header"><\/header><main><h1>Dear Odette<\/h1><template id="first-view-end"><\/template><script type="application\/json" id="first-view-state">\{"queries":\[\]\}<\/script><\/main><\/div>/);
  // Read: inline (no render-blocking request to the remote's origin); not read: a link.
  assert.match(page, /<style data-first-view-styles="http:\/\/remote.test\/static\/a.css">h1\{color:red\}<\/style><link rel="stylesheet" href="http:\/\/remote.test\/static\/b.css"><style>/);
  assert.match(page, /<div id="root" hidden>/);
});

/** The shell's page as its build writes it: its scripts preloaded in the head, the early script inline, the others deferred. */
const BUILT_SHELL_PAGE =
  '<html><head><title>t</title><link rel="preload" as="script" href="/static/libraries.1.js"><link rel="preload" as="script" href="/static/main.2.js"></head>' +
  '<body><div id="first-view" hidden><a class="skip-link" href="#main">Skip to content</a><header class="shell-header"></header><main id="main" tabindex="-1" data-first-view-slot></main></div>' +
  '<div id="root"><div id="boot">Loading…</div></div>' +
  '<script type="application/json" data-runtime-config="/remotes.json">{}</script>' +
  '<script>early()</script><script defer src="/static/libraries.1.js"></script><script defer src="/static/main.2.js"></script></body></html>';

test("with a view, the shell's scripts wait for the paint: no preloads, its scripts in order under a type the browser does not run", () => {
  const page = insertFirstView(BUILT_SHELL_PAGE, VIEW);
  assert.equal(preloadLinkHeader(page), '', 'no script preload in the page, so none in its Link header');
  assert.doesNotMatch(page, /<script defer/);
  const held = [...page.matchAll(new RegExp(`<script type="${AFTER_PAINT_SCRIPT_TYPE}"( src="[^"]+")?>([^<]*)</script>`, 'g'))].map(([, src, code]) => src ?? code);
  assert.deepEqual(held, ['early()', ' src="/static/libraries.1.js"', ' src="/static/main.2.js"']);
  assert.match(page, /data-runtime-config="\/remotes.json">\{\}<\/script>/, 'data blocks are left as they are');
  // The one script that runs at once: the first view's early script, in the head; the CSP names it and the held early script.
  const early = firstViewEarlyScript();
  assert.ok(page.includes(`<script>${early}</script><link rel="expect" href="#first-view-end" blocking="render"></head>`), 'no paint before the whole view is parsed');
  assert.match(page, /<\/h1><template id="first-view-end"><\/template><script type="application\/json" id="first-view-state">/);
  assert.equal(inlineScriptHashes(page).length, 2);
  assert.deepEqual(inlineScriptHashes(page), [...inlineScriptHashes(`<script>${early}</script>`), ...inlineScriptHashes('<script>early()</script>')]);
  // The main keeps the shell's attributes (the skip link's target).
  assert.match(page, /<main id="main" tabindex="-1"><h1>Dear Odette<\/h1>/);
});

test('without a view the built page keeps its scripts as they are, and loses only its empty frame', () => {
  const page = insertFirstView(BUILT_SHELL_PAGE, null);
  assert.equal(page, BUILT_SHELL_PAGE.replace(/<div id="first-view" hidden>.*?<\/main><\/div>/, ''));
  assert.equal(preloadLinkHeader(page), '</static/libraries.1.js>; rel=preload; as=script, </static/main.2.js>; rel=preload; as=script');
});

test('the early script stays small (it is in every page with a view) and parses as a script', () => {
  const bytes = gzipSync(firstViewEarlyScript()).length;
  assert.ok(bytes < 1200, `${bytes} bytes gzip`);
  assert.doesNotThrow(() => new Function(firstViewEarlyScript()));
});

test('a page without the frame (a shell from before it) is sent unchanged; without a view, without its empty frame', () => {
  const olderShell = '<html><head></head><body><div id="root"><div id="boot">Loading…</div></div></body></html>';
  assert.equal(insertFirstView(olderShell, VIEW), olderShell);
  assert.equal(insertFirstView(olderShell, null), olderShell);
  assert.equal(insertFirstView(SHELL_PAGE, null), '<html><head><title>t</title></head><body><div id="root"><div id="boot">Loading…</div></div></body></html>');
});

test("`$` patterns in a view's markup are inserted as written", () => {
  assert.match(insertFirstView(SHELL_PAGE, { ...VIEW, html: "<p>$& $' $`</p>" }), /<main><p>\$& \$' \$`<\/p>/);
});

test('a stylesheet inlined cannot close its style element, and loses its source map comment', () => {
  assert.equal(styleElementText('a{content:"</style><script>x</script>"}\n/*# sourceMappingURL=a.css.map*/'), 'a{content:"<\\/style><script>x</script>"}\n');
});

test('stylesheets are the exposed modules\' sync css, beside the manifest (a URL, or a site path)', () => {
  const manifest = JSON.stringify({ exposes: [{ assets: { css: { sync: ['static/routes.css'], async: ['static/late.css'] } } }] });
  assert.deepEqual(releaseStylesheets('http://remote.test/mf-manifest.json', manifest), ['http://remote.test/static/routes.css']);
  assert.deepEqual(releaseStylesheets('/releases/customer/7/mf-manifest.json', manifest), ['/releases/customer/7/static/routes.css']);
  assert.deepEqual(releaseStylesheets('/x/mf-manifest.json', 'not json'), []);
});

const REMOTES = { customer: 'http://remote.test/mf-manifest.json', admin: 'http://admin.test/mf-manifest.json' };
const manifestWith = (metaData) => JSON.stringify({ metaData, exposes: [] });
const quiet = { warn() {} };

/** A renderer over fixed manifests and modules; records the module URLs it loads. */
function renderer({ manifests, modules, timeoutMs = 200, log = quiet }) {
  const loaded = [];
  const render = firstViewRenderer({
    site: '/site',
    readManifest: async (url) => manifests[url] ?? null,
    loadModule: async (url) => (loaded.push(url), modules[url]),
    readStylesheet: async () => undefined,
    timeoutMs,
    log,
  });
  return { render, loaded };
}

test("the live release's module renders the view; its URL is beside the manifest", async () => {
  const { render, loaded } = renderer({
    manifests: { [REMOTES.customer]: manifestWith({ firstView: 'server/first-view.abc.mjs' }) },
    modules: { 'http://remote.test/server/first-view.abc.mjs': { render: async ({ path }) => ({ html: `<p>${path}</p>`, state: '{}' }) } },
  });
  assert.deepEqual(await render('/movies/1', REMOTES, {}), { html: '<p>/movies/1</p>', state: '{}', stylesheets: [] });
  assert.deepEqual(loaded, ['http://remote.test/server/first-view.abc.mjs']);
});

test("the request's cookies reach the remote's render as they are, by name", async () => {
  const { render } = renderer({
    manifests: { [REMOTES.customer]: manifestWith({ firstView: 'server/first-view.abc.mjs' }) },
    modules: { 'http://remote.test/server/first-view.abc.mjs': { render: async ({ cookies }) => ({ html: `<p>${JSON.stringify(cookies)}</p>`, state: '{}' }) } },
  });
  const cookies = requestCookies('marquee-city=S%C3%A3o%20Paulo; other=1; bad=%E0%A4%A; other=2; =x; empty=');
  assert.deepEqual(cookies, { 'marquee-city': 'São Paulo', other: '1', bad: '%E0%A4%A', empty: '' });
  assert.equal((await render('/', REMOTES, {}, cookies)).html, `<p>${JSON.stringify(cookies)}</p>`);
  assert.deepEqual(requestCookies(undefined), {});
});

test('a release without a module (every release before it) is not asked: null', async () => {
  const { render, loaded } = renderer({ manifests: { [REMOTES.customer]: manifestWith({ firstPages: [] }) }, modules: {} });
  assert.equal(await render('/', REMOTES, {}), null);
  assert.deepEqual(loaded, []);
});

test('a canary is not asked, nor is the live release while a canary of it runs (the visitor may get either)', async () => {
  const { render, loaded } = renderer({
    manifests: { [REMOTES.customer]: manifestWith({ firstView: 'server/a.mjs' }), 'http://canary.test/mf-manifest.json': manifestWith({ firstView: 'server/b.mjs' }) },
    modules: {},
  });
  assert.equal(await render('/', { ...REMOTES, canary: { customer: { manifest: 'http://canary.test/mf-manifest.json', percent: 10 } } }, {}), null);
  assert.deepEqual(loaded, []);
});

test('a render that throws, one that does not answer in time, and one that answers something else each give null', async () => {
  const warnings = [];
  const log = { warn: (message) => warnings.push(message) };
  const manifests = { [REMOTES.customer]: manifestWith({ firstView: 'server/m.mjs' }) };
  const url = 'http://remote.test/server/m.mjs';
  const throwing = renderer({ manifests, modules: { [url]: { render: async () => Promise.reject(new Error('render failed')) } }, log });
  assert.equal(await throwing.render('/', REMOTES, {}), null);
  let aborted = false;
  const hanging = renderer({
    manifests,
    modules: { [url]: { render: ({ signal }) => new Promise(() => signal.addEventListener('abort', () => (aborted = true))) } },
    timeoutMs: 50,
    log,
  });
  const started = Date.now();
  assert.equal(await hanging.render('/', REMOTES, {}), null);
  assert.ok(Date.now() - started < 1000);
  assert.ok(aborted, 'the render is told to stop its reads');
  const odd = renderer({ manifests, modules: { [url]: { render: async () => ({ html: 42 }) } }, log });
  assert.equal(await odd.render('/', REMOTES, {}), null);
  assert.equal(warnings.length, 2);
  assert.match(warnings[0], /render failed/);
  assert.match(warnings[1], /within 50 ms/);
});

test('first views are on unless FIRST_VIEW=off, and a switched renderer answers null while off', async () => {
  assert.equal(firstViewEnabled({}), true);
  assert.equal(firstViewEnabled({ FIRST_VIEW: 'on' }), true);
  assert.equal(firstViewEnabled({ FIRST_VIEW: 'off' }), false);
  let on = false;
  const calls = [];
  const render = switchedFirstView(async (url) => (calls.push(url), { html: '<p>view</p>', state: '{}' }), () => on);
  assert.equal(await render('/', {}, {}), null);
  on = true;
  assert.deepEqual(await render('/', {}, {}), { html: '<p>view</p>', state: '{}' });
  assert.deepEqual(calls, ['/']);
});
