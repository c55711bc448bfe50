type RemoteEvent = 'loaded' | 'load-failed' | 'render-failed';

let endpoint: string | null = null;
const queued: string[] = [];
let flushScheduled = false;

/** Reports go to the booking service (app-config.json's apiBaseUrl); none is sent before it is known. */
export function setBeaconEndpoint(apiBaseUrl: string): void {
  endpoint = `${apiBaseUrl.replace(/\/$/, '')}/api/remote-events`;
  // Leaving the page sends what is still queued (sendBeacon is made for that moment); the same listener is added once.
  if (typeof window !== 'undefined') window.addEventListener('pagehide', flushRemoteEvents);
}

/** Sends the queued reports now. */
export function flushRemoteEvents(): void {
  const bodies = queued.splice(0);
  if (!endpoint || typeof navigator.sendBeacon !== 'function') return;
  for (const body of bodies) navigator.sendBeacon(endpoint, body);
}

/**
 * Once the page has loaded and the browser is idle: a report must not share a phone's link with the
 * first page's downloads (each request in flight gets an even slice; a beacon at remote-load time cost
 * the first visit's Lighthouse mobile LCP about 0.3 s).
 */
function flushWhenIdle(): void {
  if (flushScheduled || typeof window === 'undefined') return;
  flushScheduled = true;
  const idle = () => {
    const run = () => {
      flushScheduled = false;
      flushRemoteEvents();
    };
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 5_000 });
    else setTimeout(run, 1_000);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
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
