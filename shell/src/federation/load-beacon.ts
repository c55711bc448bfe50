type RemoteEvent = 'loaded' | 'load-failed' | 'render-failed';

let endpoint: string | null = null;
const queued: string[] = [];
let flushScheduled = false;

/** Reports go to the booking service (app-config.json's apiBaseUrl); none is sent before it is known. */
export function setBeaconEndpoint(apiBaseUrl: string): void {
  endpoint = `${apiBaseUrl.replace(/\/$/, '')}/api/remote-events`;
  // Leaving or hiding the page sends what is still queued (sendBeacon is made for that moment). Called once, at start.
  if (typeof window === 'undefined') return;
  window.addEventListener('pagehide', flushRemoteEvents);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flushRemoteEvents());
}

/** Sends the queued reports now. */
export function flushRemoteEvents(): void {
  const bodies = queued.splice(0);
  if (!endpoint || typeof navigator.sendBeacon !== 'function') return;
  for (const body of bodies) navigator.sendBeacon(endpoint, body);
}

/** How long after the page's load event reports wait: well past its largest paint on a slow phone. */
const REPORT_DELAY_MS = 5_000;

/**
 * A few seconds after the page has loaded, when the browser is idle, or when the page is left: a report
 * must not share a phone's link with the first page's downloads (each request in flight gets an even
 * slice). Sent as soon as the remote loaded, it cost the first visit's Lighthouse mobile LCP 0.2-0.3 s.
 */
function flushWhenIdle(): void {
  if (flushScheduled || typeof window === 'undefined') return;
  flushScheduled = true;
  const later = () =>
    setTimeout(() => {
      const run = () => {
        flushScheduled = false;
        flushRemoteEvents();
      };
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 5_000 });
      else run();
    }, REPORT_DELAY_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

/**
 * Tells the service how a remote's load went, for the deploy command's canary
 * watch: the remote, its release id and the event, nothing about the visitor.
 * A beacon (a string goes as text/plain: no preflight), best effort, sent when
 * the page is idle or left.
 */
export function reportRemoteEvent(remote: string, version: string, event: RemoteEvent): void {
  queued.push(JSON.stringify({ remote, version, event }));
  flushWhenIdle();
}
