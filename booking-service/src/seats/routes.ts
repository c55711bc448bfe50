import type { Config } from '../config/config.ts';
import { failures } from '../contract/failures.ts';
import { eventStream } from '../contract/media.ts';
import { SEAT_EVENT, SEAT_RECONNECT_EVENT, type SeatsEvent } from '../contract/responses.ts';
import { ShowIdParams } from '../contract/schemas.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { Auth } from '../identity/auth.ts';
import type { ShowRepository } from '../shows/show-repository.ts';
import type { SeatFeed } from './seat-feed.ts';
import type { StreamLimiter } from './stream-limiter.ts';

const HEARTBEAT_MS = 20_000;
/** A client that has left this much unread (it stopped reading, the socket stays open) is cut off. */
const MAX_UNREAD_BYTES = 64 * 1024;
/** The browser's wait before reconnecting: 3 s after a network blip, at once (0.2 s) when this instance leaves. */
const RETRY_MS = 3_000;
const RETRY_ON_SHUTDOWN_MS = 200;

/**
 * GET /api/booking/seats/:showId/events: server-sent events with the show's
 * taken seats, once on connect and on every change (`event: seats`,
 * `data: {"occupiedSeats":[...]}`), and a comment heartbeat. Open streams are
 * capped (see stream-limiter.ts): past a cap the answer is 429 or 503 and the
 * seat map polls instead. Each stream ends after its maximum lifetime; the
 * browser reconnects by itself.
 */
export interface SeatEventsRoutesDeps {
  shows: Pick<ShowRepository, 'get'>;
  /** Live seat maps: what each stream sends. */
  feed: SeatFeed;
  /** The caps on open streams (created from config.seatStreams; its count is a metric). */
  limiter: StreamLimiter;
  auth: Auth;
  config: Pick<Config, 'seatStreams'>;
}

export async function seatEventsRoutes(app: AppInstance, { shows, feed, limiter, auth, config }: SeatEventsRoutesDeps) {
  const maxLifetimeMs = config.seatStreams.maxLifetimeSeconds * 1000;
  const open = new Set<(reason?: 'shutdown') => void>();
  // Streams never end on their own: on shutdown each is told to reconnect (to another instance: this one
  // no longer accepts connections once the hook is done) and ended, or the shutdown would wait for them.
  app.addHook('preClose', async () => {
    for (const end of open) end('shutdown');
    feed.close();
  });

  app.get(
    '/api/booking/seats/:showId/events',
    {
      onRequest: auth.optionalUser,
      schema: {
        tags: ['bookings'],
        summary: 'Live seat map of a show (text/event-stream)',
        description:
          'Capped per client address, per signed-in user, per show and overall: past a cap the answer is 429 (this client) or 503 (show or service full) with Retry-After, and the seat map polls GET /api/booking/seats/{showId} instead.',
        params: ShowIdParams,
        response: {
          200: eventStream(
            `\`event: ${SEAT_EVENT}\` with SeatsEvent data \`{ "occupiedSeats": [...] }\` on connect and on every change; comment heartbeats; \`event: ${SEAT_RECONNECT_EVENT}\` (with \`retry: ${RETRY_ON_SHUTDOWN_MS}\`) before the stream ends because the instance shuts down: reconnect`,
          ),
          // 401: a token was sent and is not valid; 429 and 503 also when a stream cap is reached.
          ...failures(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const { showId } = request.params;
      const admission = limiter.admit({ address: request.ip, userId: request.identity?.sub ?? null, showId });
      if (!admission.admitted) {
        reply.header('retry-after', '30');
        throw new HttpError(admission.statusCode, admission.message);
      }
      const { release } = admission;
      // Listening before any await: a client that leaves while the show is read gives its slot back at once
      // (the close event would not come again). Until the stream opens, ending it only gives the slot back.
      let endStream = release;
      let clientGone = false;
      request.raw.on('close', () => {
        clientGone = true;
        endStream();
      });
      let show;
      try {
        show = await shows.get(showId);
      } catch (error) {
        release();
        throw error;
      }
      if (!show) {
        release();
        throw notFound('Show not found');
      }

      // The CORS and security headers set by the hooks travel with the stream's head.
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
      const send = (chunk: string) => {
        if (response.writableLength > MAX_UNREAD_BYTES) return end();
        response.write(chunk);
      };
      send(`retry: ${RETRY_MS}\n\n`);
      const unsubscribe = feed.subscribe(showId, (occupiedSeats) => {
        const event: SeatsEvent = { occupiedSeats };
        send(`event: ${SEAT_EVENT}\ndata: ${JSON.stringify(event)}\n\n`);
      });
      const heartbeat = setInterval(() => send(': keep-alive\n\n'), HEARTBEAT_MS);
      const lifetime = setTimeout(() => end(), maxLifetimeMs);
      function end(reason?: 'shutdown') {
        if (reason === 'shutdown' && response.writableLength <= MAX_UNREAD_BYTES) {
          response.write(`retry: ${RETRY_ON_SHUTDOWN_MS}\nevent: ${SEAT_RECONNECT_EVENT}\ndata: {}\n\n`);
        }
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        unsubscribe();
        release();
        open.delete(end);
        response.end();
      }
      open.add(end);
      endStream = end;
    },
  );
}
