export interface LiveStreamHandlers {
  /** The stream is open (again). */
  onOpen(): void;
  /** The stream is down: the browser reconnects by itself, or gave up (then this tries again after `retryMs`). */
  onDown(): void;
  /** Each named event's data (as sent: JSON text). */
  events: Record<string, (data: string) => void>;
  retryMs: number;
}

/**
 * A server-sent event stream the page keeps open: EventSource reconnects by itself after a network blip; when
 * it gives up (no such endpoint, a cap refused it), the stream is opened again after `retryMs`. `url` is read
 * at each opening. Returns the close. The pages poll while it is down.
 */
export function openLiveStream(url: () => string, { onOpen, onDown, events, retryMs }: LiveStreamHandlers): () => void {
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const connect = () => {
    if (stopped) return;
    source = new EventSource(url());
    source.addEventListener('open', onOpen);
    for (const [name, handle] of Object.entries(events)) source.addEventListener(name, (event) => handle((event as MessageEvent<string>).data));
    source.addEventListener('error', () => {
      onDown();
      // CLOSED: the browser gave up: try again later. CONNECTING: the browser retries by itself.
      if (source?.readyState === EventSource.CLOSED) {
        source.close();
        retry = setTimeout(connect, retryMs);
      }
    });
  };

  connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    source?.close();
  };
}
