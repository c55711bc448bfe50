import type { FastifyRequest } from 'fastify';
import { failures } from '../contract/failures.ts';
import { EventIdParams, OnSaleEventResponse, PLACE_HEADER, QUEUE_EVENT, QueueStreamQuery, QueueStatusResponse } from '../contract/waiting-room.ts';
import { eventStream } from '../contract/media.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { clientAddressKey } from '../http/client-address.ts';
import { notFound } from '../http/errors.ts';
import { eventStreams } from '../http/event-streams.ts';
import type { StreamLimiter } from '../http/stream-limiter.ts';
import type { Auth } from '../identity/auth.ts';
import { createQueueFeed, type StreamOwnerPlace } from './queue-feed.ts';
import { answerOutagesAsPaused, security, tags } from './route-helpers.ts';
import { JoinBacklogFull, type WaitingRoom } from './waiting-room.ts';

/** How a refused queue stream is explained: the waiting page polls instead. */
export const QUEUE_STREAM_WORDING = { streams: 'live waiting rooms', topic: "This waiting room's live updates", fallback: 'your place updates every few seconds instead' };
/** The event sent before a queue stream ends because the instance shuts down: reconnect. */
const QUEUE_RECONNECT_EVENT = 'reconnect';

export interface WaitingRoomRoutesDeps {
  waitingRoom: WaitingRoom;
  auth: Auth;
  /** Joins per minute per client address. */
  joinsPerIpPerMinute: number;
  /** An IPv6 client's joins counted by its network of this many bits (config.rateLimit.ipv6Prefix). */
  ipv6Prefix: number;
  /** Which errors mean the store is unreachable (store/unavailable.ts). */
  isUnavailable: (error: unknown) => boolean;
  /** The caps on open queue streams. */
  streams: StreamLimiter;
  streamLifetimeSeconds: number;
}

/** The moviegoers' queue, /api/waiting-room/*: the event, one's place, the queue stream, join and leave. */
export async function waitingRoomRoutes(app: AppInstance, deps: WaitingRoomRoutesDeps) {
  const { waitingRoom, auth, joinsPerIpPerMinute, ipv6Prefix } = deps;
  const feed = createQueueFeed({ read: waitingRoom.queueEvent, drawnPlaces: waitingRoom.drawnPlaces }, (error) => app.log.warn({ err: error }, 'waiting room stream failed to read the event'));
  const queueStreams = eventStreams(app, {
    limiter: deps.streams,
    maxLifetimeMs: deps.streamLifetimeSeconds * 1000,
    reconnectEvent: QUEUE_RECONNECT_EVENT,
    switchedOff: waitingRoom.streamsSwitchedOff,
  });
  app.addHook('preClose', async () => feed.close());
  answerOutagesAsPaused(app, deps.isUnavailable);

  app.get(
    '/api/waiting-room/:eventId',
    { schema: { tags, summary: 'An on-sale event as moviegoers see it', params: EventIdParams, response: { 200: OnSaleEventResponse, ...failures(400, 404, 503) } } },
    async (request) => {
      const event = await waitingRoom.event(request.params.eventId);
      if (!event) throw notFound('On-sale event not found');
      return { success: true as const, event };
    },
  );

  app.get(
    '/api/waiting-room/:eventId/me',
    {
      onRequest: auth.requireUserForRead,
      schema: {
        tags,
        security,
        summary: "The caller's place, position, estimated wait; while shopping, the window's end and the admission token",
        description:
          "Never writes (but once, to claim an admission): poll it (every 5-20 s, or on the queue stream's cue). With the place token of the last answer in X-Queue-Place, answered from this instance's view of the event (at most 1 s old) without the database until the turn comes; without, from the account's entry.",
        params: EventIdParams,
        response: { 200: QueueStatusResponse, ...failures(400, 401, 404, 503) },
      },
    },
    async (request) => {
      const placeToken = request.headers[PLACE_HEADER];
      const status = await waitingRoom.status(request.params.eventId, request.identity!.sub, typeof placeToken === 'string' ? placeToken : null);
      if (!status) throw notFound('On-sale event not found');
      return { success: true as const, ...status };
    },
  );

  app.get(
    '/api/waiting-room/:eventId/events',
    {
      schema: {
        tags,
        summary: 'The queue as it moves (text/event-stream): the serving counter, the draw, sold out, paused, the pace',
        description:
          `\`event: ${QUEUE_EVENT}\` with QueueEvent data on connect; then sold out, paused, the draw and the stream's turn at the instance's next read of the event (each second; to a crowd, paced over at most 2 s) (a stream opened with the place token, \`token\`, also gets its \`place\`, from the pre-queue with the draw: no poll is needed for it), the queue's progress at most every 15 s (read at most once a second per instance, the same for everyone waiting: no database work per stream); comment heartbeats; \`event: ${QUEUE_RECONNECT_EVENT}\` before the instance shuts down. Capped per address and per instance: past a cap the answer is 429 or 503 with Retry-After, and the page polls GET .../me instead.`,
        params: EventIdParams,
        querystring: QueueStreamQuery,
        response: { 200: eventStream('Server-sent QueueEvent updates', [QUEUE_EVENT, QUEUE_RECONNECT_EVENT]), ...failures(400, 404) },
      },
    },
    async (request, reply) => {
      const { eventId } = request.params;
      const { token, place } = request.query;
      // Whose stream it is, when it says: with its place token (a page before 2026-11-26 named its place instead).
      let owner: StreamOwnerPlace | null = place === undefined ? null : { accountId: null, place: Number(place) };
      if (token !== undefined) {
        owner = await waitingRoom.placeOf(eventId, token);
        if (!owner) throw notFound('This place token is not valid for this waiting room: open the waiting room again');
      }
      await queueStreams.serve(request, reply, {
        owner: { address: request.ip, userId: null, topic: eventId },
        load: async () => {
          const first = await waitingRoom.queueEvent(eventId);
          // A pre-queue token after the draw (a reload before the page learnt its place): the place the draw gave.
          if (first?.drawn && owner?.accountId && owner.place === null) owner = { ...owner, place: (await waitingRoom.drawnPlaces(eventId)).get(owner.accountId) ?? null };
          return first;
        },
        missing: 'On-sale event not found',
        subscribe: (first, send) => feed.subscribe(eventId, first, (event) => send(QUEUE_EVENT, event), owner),
      });
    },
  );

  app.post(
    '/api/waiting-room/:eventId/join',
    {
      onRequest: auth.requireUser,
      config: { rateLimit: { max: joinsPerIpPerMinute, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => `waiting-room-join:${clientAddressKey(request.ip, ipv6Prefix)}` } },
      schema: {
        tags,
        security,
        summary: 'Take a place (one per account: joining again returns the same place)',
        description: 'Past the joins an instance holds waiting to be written (WAITING_ROOM_JOIN_BACKLOG), 503 with Retry-After: the place is not taken, try again.',
        params: EventIdParams,
        response: { 200: QueueStatusResponse, ...failures(400, 401, 404, 409, 413, 429, 503) },
      },
    },
    async (request, reply) => {
      const status = await waitingRoom.join(request.params.eventId, request.identity!.sub).catch((error: unknown) => {
        if (error instanceof JoinBacklogFull) reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      });
      if (!status) throw notFound('On-sale event not found');
      return { success: true as const, ...status };
    },
  );

  app.post(
    '/api/waiting-room/:eventId/leave',
    {
      onRequest: auth.requireUser,
      schema: { tags, security, summary: 'Give the place or the shopping window up (the next in line gets the slot)', params: EventIdParams, response: { 200: QueueStatusResponse, ...failures(400, 401, 404, 413, 503) } },
    },
    async (request) => {
      const status = await waitingRoom.leave(request.params.eventId, request.identity!.sub);
      if (!status) throw notFound('On-sale event not found');
      return { success: true as const, ...status };
    },
  );
}
