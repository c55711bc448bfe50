import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppInstance } from './app-instance.ts';
import { HttpError, notFound } from './errors.ts';
import type { StreamLimiter, StreamOwner } from './stream-limiter.ts';

/** A client that has left this much unread (it stopped reading, the socket stays open) is cut off. */
const MAX_UNREAD_BYTES = 64 * 1024;
const HEARTBEAT_MS = 20_000;
/** The browser's wait before reconnecting: 3 s after a network blip, at once (0.2 s) when this instance leaves. */
const RETRY_MS = 3_000;
export const RETRY_ON_SHUTDOWN_MS = 200;

export interface EventStreamSettings {
  /** The caps on this kind of stream. */
  limiter: StreamLimiter;
  /** Each stream is ended after this long (the browser reconnects), so none is held forever. */
  maxLifetimeMs: number;
  /** The event sent, with `retry: RETRY_ON_SHUTDOWN_MS`, before a stream ends because the instance shuts down. */
  reconnectEvent: string;
  /**
   * Whether staff turned this topic's streams off (the on-sale's day controls): new ones are refused (503, the page
   * polls) and open ones ended within a second. Read from the instance's view of its events, never per stream.
   */
  switchedOff?: (topic: string) => Promise<boolean>;
}

/** How often open streams are checked against `switchedOff`: staff's switch reaches every instance within a second or two. */
const SWITCH_SWEEP_MS = 1_000;
/** Why a stream is refused when its streams are switched off, and when to try again. */
const SWITCHED_OFF_MESSAGE = 'Live updates are off for this on-sale for now: the page checks by itself instead';
const SWITCHED_OFF_RETRY_SECONDS = '60';

/** Writes one event to the stream. */
export type SendEvent = (event: string, data: unknown) => void;

/**
 * Server-sent event streams of one route plugin (the live seat maps, the waiting room's queue): the stream's
 * slot is held from the first moment (a client that leaves while the route still checks gives it back at
 * once), a heartbeat, a lifetime, a cut-off for clients that stop reading, and on shutdown a reconnect event
 * to every open stream (to another instance: this one no longer accepts connections once the hook is done),
 * or the shutdown would wait for them.
 */
export function eventStreams(app: AppInstance, { limiter, maxLifetimeMs, reconnectEvent, switchedOff }: EventStreamSettings) {
  /** Each open stream's end, with its topic. */
  const open = new Map<(reason?: 'shutdown') => void, string>();
  const sweep = switchedOff && setInterval(() => void endSwitchedOff(switchedOff), SWITCH_SWEEP_MS).unref();
  app.addHook('preClose', async () => {
    if (sweep) clearInterval(sweep);
    for (const end of open.keys()) end('shutdown');
  });

  /** Ends the open streams whose topic staff switched off (the browser reconnects, is refused and polls). */
  async function endSwitchedOff(isOff: (topic: string) => Promise<boolean>) {
    if (open.size === 0) return;
    const off = new Map<string, boolean>();
    for (const topic of new Set(open.values())) off.set(topic, await isOff(topic).catch(() => false));
    for (const [end, topic] of open) if (off.get(topic)) end();
  }

  const streams = {
    /**
     * Call before any await, with what the stream holds (its cap's slot): `release` runs once, when the
     * stream ends, when the client leaves first, or when the route calls `fail` instead of `start`.
     */
    begin(request: FastifyRequest, topic: string, release: () => void) {
      let endStream = release;
      let clientGone = false;
      request.raw.on('close', () => {
        clientGone = true;
        endStream();
      });
      return {
        fail: release,
        /** Opens the stream (the CORS and security headers set by the hooks travel with its head) and subscribes it. */
        start(reply: FastifyReply, subscribe: (send: SendEvent) => () => void) {
          reply.hijack();
          if (clientGone) return;
          const response = reply.raw;
          response.writeHead(200, {
            ...(reply.getHeaders() as Record<string, string>),
            'content-type': 'text/event-stream; charset=utf-8',
            'cache-control': 'no-store',
            connection: 'keep-alive',
            'x-accel-buffering': 'no',
          });
          let lastWriteAt = Date.now();
          const write = (chunk: string) => {
            if (response.writableLength > MAX_UNREAD_BYTES) return end();
            lastWriteAt = Date.now();
            response.write(chunk);
          };
          write(`retry: ${RETRY_MS}\n\n`);
          const unsubscribe = subscribe((event, data) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
          // Only a quiet stream needs one (a crowd's streams are written often enough during a sale).
          const heartbeat = setInterval(() => Date.now() - lastWriteAt >= HEARTBEAT_MS / 2 && write(': keep-alive\n\n'), HEARTBEAT_MS);
          const lifetime = setTimeout(() => end(), maxLifetimeMs);
          function end(reason?: 'shutdown') {
            if (reason === 'shutdown' && response.writableLength <= MAX_UNREAD_BYTES) {
              response.write(`retry: ${RETRY_ON_SHUTDOWN_MS}\nevent: ${reconnectEvent}\ndata: {}\n\n`);
            }
            clearInterval(heartbeat);
            clearTimeout(lifetime);
            unsubscribe();
            release();
            open.delete(end);
            response.end();
          }
          open.set(end, topic);
          endStream = end;
        },
      };
    },
  };

  /**
   * A stream route's whole answer: past a cap 429 or 503 with Retry-After (the page polls instead); else the
   * slot is held while `load` reads what the stream starts from (null: 404 with `missing`), then `subscribe`.
   */
  async function serve<T>(request: FastifyRequest, reply: FastifyReply, route: { owner: StreamOwner; load: () => Promise<T | null>; missing: string; subscribe: (first: T, send: SendEvent) => () => void }) {
    const admission = limiter.admit(route.owner);
    if (!admission.admitted) {
      reply.header('retry-after', '30');
      throw new HttpError(admission.statusCode, admission.message);
    }
    const stream = streams.begin(request, route.owner.topic, admission.release);
    let first: T | null;
    try {
      if (switchedOff && (await switchedOff(route.owner.topic))) {
        reply.header('retry-after', SWITCHED_OFF_RETRY_SECONDS);
        throw new HttpError(503, SWITCHED_OFF_MESSAGE);
      }
      first = await route.load();
    } catch (error) {
      stream.fail();
      throw error;
    }
    if (first === null) {
      stream.fail();
      throw notFound(route.missing);
    }
    stream.start(reply, (send) => route.subscribe(first, send));
  }

  return { serve };
}
