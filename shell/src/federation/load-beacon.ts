type RemoteEvent = 'loaded' | 'load-failed' | 'render-failed';

let endpoint: string | null = null;

/** Reports go to the booking service (app-config.json's apiBaseUrl); none is sent before it is known. */
export function setBeaconEndpoint(apiBaseUrl: string): void {
  endpoint = `${apiBaseUrl.replace(/\/$/, '')}/api/remote-events`;
}

/**
 * Tells the service how a remote's load went, for the deploy command's canary
 * watch: the remote, its release id and the event, nothing about the visitor.
 * A beacon (a string goes as text/plain: no preflight), best effort.
 */
export function reportRemoteEvent(remote: string, version: string, event: RemoteEvent): void {
  if (endpoint && typeof navigator.sendBeacon === 'function') navigator.sendBeacon(endpoint, JSON.stringify({ remote, version, event }));
}
