/**
 * The one inline script the page server adds to a page that carries a first view (insertFirstView in
 * first-view.mjs; docs/platform/frontends.md, "The first view from the HTML"). It runs in the head, before the view
 * is parsed, and does two things, with no framework and in about 1 KiB gzip (it is not one of the shell's files, so
 * not part of the first visit's JavaScript budget: only pages with a view carry it):
 *
 * - Paint first: the page's other scripts (the shell's early script and its deferred ones) come with the type
 *   AFTER_PAINT_SCRIPT_TYPE, which a browser neither fetches nor runs. After the `load` event (the view's images,
 *   the largest one included, have loaded) and the frame after it, they are put back as scripts, in their order
 *   (`async = false` keeps a deferred script's order). A phone then spends its first round trips on the document and
 *   the largest image, not on the shell's 126 KiB of scripts (Lighthouse's simulated LCP counts every request started
 *   before it). The CSP allows the early script by its hash, as before (security-headers.mjs hashes this type too).
 * - No dead buttons: until the app has taken the view's place (the frame #first-view leaves the page,
 *   shared-ui/src/first-view/handover.ts), a click on one of the view's controls, a form's submit and a select's
 *   change are kept (the control shows it is busy: aria-busy), and once the app has rendered they are done again,
 *   in order, on the app's element at the same place (the same path of element children from the page's <main>,
 *   not counting what a server render may put first, such as React's image preload links, nor the state script;
 *   checked by its tag and text: anything else is dropped rather than done on the wrong element). Links are left
 *   alone: they work as links.
 *
 * Kept as a function so it can be read, linted and tested as code; it is sent as its source text, so it has no
 * comments inside and names nothing outside itself but its argument.
 */
export const AFTER_PAINT_SCRIPT_TYPE = 'text/x-after-first-paint';

function firstViewEarly(type) {
  const d = document;
  const kept = [];
  const kids = (e) => [...e.children].filter((c) => !/^(LINK|META|SCRIPT|STYLE|TEMPLATE|TITLE)$/.test(c.tagName));
  const keep = (event, control, kind) => {
    const main = d.querySelector('#first-view main');
    if (!main || !main.contains(control)) return;
    if (kind !== 'change') event.preventDefault();
    if (kind === 'click' && control.getAttribute('aria-busy') === 'true') return;
    if (kind !== 'change') control.setAttribute('aria-busy', 'true');
    const path = [];
    for (let e = control; e !== main; e = e.parentElement) path.unshift(kids(e.parentElement).indexOf(e));
    kept.push({ path, kind, tag: control.tagName, text: control.textContent, value: control.value });
  };
  const on = {
    click: (event) => {
      const control = event.target.closest && event.target.closest('button,[role=button]:not(a),summary,input[type=checkbox],input[type=radio],input[type=submit]');
      if (control) keep(event, control, 'click');
    },
    submit: (event) => keep(event, event.target, 'submit'),
    change: (event) => event.target.tagName === 'SELECT' && keep(event, event.target, 'change'),
  };
  const find = ({ path, tag, text }) => {
    let e = d.querySelector('#root main');
    for (const i of path) e = e && kids(e)[i];
    return e && e.tagName === tag && e.textContent === text ? e : null;
  };
  const replay = () => {
    const next = kept.shift();
    if (!next) return;
    const control = find(next);
    if (control && next.kind === 'submit') control.requestSubmit();
    else if (control && next.kind === 'change') {
      control.value = next.value;
      control.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (control) control.click();
    setTimeout(replay);
  };
  for (const name in on) d.addEventListener(name, on[name], true);
  d.addEventListener('DOMContentLoaded', () => {
    const view = d.getElementById('first-view');
    if (!view) return;
    new MutationObserver((_, observer) => {
      if (view.isConnected) return;
      observer.disconnect();
      for (const name in on) d.removeEventListener(name, on[name], true);
      requestAnimationFrame(() => setTimeout(replay));
    }).observe(view.parentNode, { childList: true });
  });
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const old of d.querySelectorAll(`script[type="${type}"]`)) {
      const script = d.createElement('script');
      if (old.src) {
        script.src = old.src;
        script.async = false;
      } else script.textContent = old.textContent;
      old.replaceWith(script);
    }
  };
  addEventListener('load', () => {
    requestAnimationFrame(() => setTimeout(start));
    setTimeout(start, 200);
  });
}

/**
 * The script's text for an inline `<script>`: its source as written, called with the type. Not minified: gzip takes
 * the whitespace (1,098 against 1,040 bytes for a whitespace-stripping pass, measured 2026-11-28), and a minifier
 * of our own is not worth 58 bytes.
 */
export function firstViewEarlyScript() {
  return `(${String(firstViewEarly)})(${JSON.stringify(AFTER_PAINT_SCRIPT_TYPE)})`;
}

/** What a control kept by the early script looks like until the app does its action: busy, not dead. */
export const FIRST_VIEW_BUSY_STYLE = '#first-view [aria-busy=true]{cursor:progress;opacity:.6}';
