import type { Config } from '../config/config.ts';
import { failures } from '../contract/failures.ts';
import { eventStream } from '../contract/media.ts';
import { SEAT_EVENT, SEAT_RECONNECT_EVENT, type SeatsEvent } from '../contract/responses.ts';
import { ShowIdParams } from '../contract/schemas.ts';
import { SeatStreamQuery } from '../contract/waiting-room.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { eventStreams, RETRY_ON_SHUTDOWN_MS } from '../http/event-streams.ts';
import type { StreamLimiter } from '../http/stream-limiter.ts';
import type { Auth } from '../identity/auth.ts';
import type { ShowRepository } from '../shows/show-repository.ts';
import type { SeatFeed } from './seat-feed.ts';

/** How a refused seat stream is explained: the seat map polls instead. */
export const SEAT_STREAM_WORDING = { streams: 'live seat maps', topic: "This show's live seat map", fallback: 'the seat map updates every few seconds instead' };

/**
 * GET /api/booking/seats/:showId/events: server-sent events with the show's
 * taken seats, once on connect and on every change (`event: seats`,
 * `data: {"occupiedSeats":[...]}`), and a comment heartbeat. Open streams are
 * capped (see stream-limiter.ts): past a cap the answer is 429 or 503 and the
 * seat map polls instead. Each stream ends after its maximum lifetime; the
 * browser reconnects by itself. A show of an on-sale event passes the same
 * gate as its seat map: not before the on-sale time, and behind a waiting room
 * only with an admission (`?admission=`).
 */
export interface SeatEventsRoutesDeps {
  shows: Pick<ShowRepository, 'get'>;
  /** Live seat maps: what each stream sends. */
  feed: SeatFeed;
  /** The caps on open streams (created from config.seatStreams; its count is a metric). */
  limiter: StreamLimiter;
  auth: Auth;
  config: Pick<Config, 'seatStreams'>;
  /** Resolves when the show's seats may be seen now with this admission token; throws the refusal when not (the waiting room's sale gate). */
  saleGate: (showId: string, admission: string | undefined) => Promise<void>;
  /** Whether staff turned off the live streams of this show's on-sale (the day's controls): the seat map polls. */
  streamsSwitchedOff: (showId: string) => Promise<boolean>;
}

export async function seatEventsRoutes(app: AppInstance, { shows, feed, limiter, auth, config, saleGate, streamsSwitchedOff }: SeatEventsRoutesDeps) {
  const streams = eventStreams(app, { limiter, maxLifetimeMs: config.seatStreams.maxLifetimeSeconds * 1000, reconnectEvent: SEAT_RECONNECT_EVENT, switchedOff: streamsSwitchedOff });
  app.addHook('preClose', async () => feed.close());

  app.get(
    '/api/booking/seats/:showId/events',
    {
      onRequest: auth.optionalUser,
      schema: {
        tags: ['bookings'],
        summary: 'Live seat map of a show (text/event-stream)',
        description:
          'Capped per client address, per signed-in user, per show and overall: past a cap the answer is 429 (this client) or 503 (show or service full) with Retry-After, and the seat map polls GET /api/booking/seats/{showId} instead. ' +
          'A show of an on-sale event is refused as its seat map is: 409 before the on-sale time, and behind a waiting room 403 without a valid `admission`.',
        params: ShowIdParams,
        querystring: SeatStreamQuery,
        response: {
          200: eventStream(
            `\`event: ${SEAT_EVENT}\` with SeatsEvent data \`{ "occupiedSeats": [...] }\` on connect and on every change; comment heartbeats; \`event: ${SEAT_RECONNECT_EVENT}\` (with \`retry: ${RETRY_ON_SHUTDOWN_MS}\`) before the stream ends because the instance shuts down: reconnect`,
            [SEAT_EVENT, SEAT_RECONNECT_EVENT],
          ),
          // 401: a token was sent and is not valid; 429 and 503 also when a stream cap is reached.
          ...failures(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const { showId } = request.params;
      await saleGate(showId, request.query.admission);
      await streams.serve(request, reply, {
        owner: { address: request.ip, userId: request.identity?.sub ?? null, topic: showId },
        load: () => shows.get(showId),
        missing: 'Show not found',
        subscribe: (_show, send) =>
          feed.subscribe(showId, (occupiedSeats) => {
            const event: SeatsEvent = { occupiedSeats };
            send(SEAT_EVENT, event);
          }),
      });
    },
  );
}
