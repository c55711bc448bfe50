import type { FastifyRequest } from 'fastify';
import { failures } from '../contract/failures.ts';
import { MessageResponse } from '../contract/responses.ts';
import {
  AccountBody,
  AccountLookupQuery,
  CreateOnSaleEventBody,
  EventIdParams,
  OnSaleEventResponse,
  OnSaleEventsResponse,
  OnSaleFiguresResponse,
  PLACE_HEADER,
  QUEUE_EVENT,
  QueueEntryResponse,
  QueueStreamQuery,
  QueueStatusResponse,
  WaitingRoomActionsResponse,
} from '../contract/waiting-room.ts';
import { eventStream } from '../contract/media.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { badRequest, conflict, HttpError, notFound } from '../http/errors.ts';
import { eventStreams } from '../http/event-streams.ts';
import type { StreamLimiter } from '../http/stream-limiter.ts';
import type { Auth } from '../identity/auth.ts';
import { DEFAULT_WINDOW_MINUTES, defaultShoppingCapacity } from '../contract/sales.ts';
import { checkAccountText, checkEventName, checkOnSaleAt, type Checked, type OnSaleWindow } from './on-sale-input.ts';
import { createQueueFeed, type StreamOwnerPlace } from './queue-feed.ts';
import type { WaitingRoom } from './waiting-room.ts';
import type { EventRefusal, WaitingRoomRepository } from './waiting-room-repository.ts';

const tags = ['waiting-room'];

/** A refused on-sale event as its answer: 404 an unknown show, 409 a show already in an event or a store without a waiting room. */
function refusal(refused: EventRefusal) {
  if (refused.refused === 'unsupported') return conflict(refused.message);
  if (refused.refused === 'unknown-show') return notFound(`Show ${refused.showId} not found`);
  return conflict(`Show ${refused.showId} already belongs to an on-sale event`);
}
const security = [{ bearerAuth: [] }];

/** The checked value, or the 400 saying what is wrong with it. */
function valid<T>(checked: Checked<T>): T {
  if (!checked.ok) throw badRequest(checked.message);
  return checked.value;
}

/** Why staff cannot cancel: 404 an unknown (or cancelled) event, 409 one whose sale has begun. */
function cancelRefusal(outcome: 'started' | 'not-found') {
  if (outcome === 'not-found') return notFound('On-sale event not found (or already cancelled)');
  return conflict('This on-sale has begun: it can no longer be cancelled (pause its admissions instead)');
}

/** The failure policy: the queue's store unreachable closes the on-sale (503, this message); the rest of the site goes on. */
export const UNAVAILABLE_MESSAGE = 'The waiting room is unavailable; the on-sale is paused. Your place is kept: try again in a moment';

/** How a refused queue stream is explained: the waiting page polls instead. */
export const QUEUE_STREAM_WORDING = { streams: 'live waiting rooms', topic: "This waiting room's live updates", fallback: 'your place updates every few seconds instead' };
/** The event sent before a queue stream ends because the instance shuts down: reconnect. */
const QUEUE_RECONNECT_EVENT = 'reconnect';

export interface WaitingRoomRoutesDeps {
  waitingRoom: WaitingRoom;
  repository: WaitingRoomRepository;
  auth: Auth;
  now: () => Date;
  /** Joins per minute per client address. */
  joinsPerIpPerMinute: number;
  /** Which errors mean the store is unreachable (store/unavailable.ts). */
  isUnavailable: (error: unknown) => boolean;
  /** The caps on open queue streams. */
  streams: StreamLimiter;
  streamLifetimeSeconds: number;
  /** When an on-sale may be set (ON_SALE_MAX_DAYS_AHEAD, the theatre's time zone). */
  onSaleWindow: OnSaleWindow;
}

/** The moviegoers' queue calls, theatre staff's on-sale setup and live panel, support's lookup, admit and remove. */
export async function waitingRoomRoutes(app: AppInstance, deps: WaitingRoomRoutesDeps) {
  const { waitingRoom, repository, auth, now, joinsPerIpPerMinute, isUnavailable } = deps;
  const feed = createQueueFeed({ read: waitingRoom.queueEvent, drawnPlaces: waitingRoom.drawnPlaces }, (error) => app.log.warn({ err: error }, 'waiting room stream failed to read the event'));
  const queueStreams = eventStreams(app, { limiter: deps.streams, maxLifetimeMs: deps.streamLifetimeSeconds * 1000, reconnectEvent: QUEUE_RECONNECT_EVENT });
  app.addHook('preClose', async () => feed.close());
  // This plugin's errors go on to the app's handler; a store outage becomes the waiting room's own 503.
  app.setErrorHandler((error) => {
    throw isUnavailable(error) ? new HttpError(503, UNAVAILABLE_MESSAGE) : error;
  });

  async function storedEventOr404(eventId: string) {
    const event = await waitingRoom.storedEvent(eventId);
    if (!event) throw notFound('On-sale event not found');
    return event;
  }

  /** The live panel's answer: the event and its figures, read from the store now. */
  async function figuresOf(eventId: string) {
    const event = await storedEventOr404(eventId);
    const figures = await repository.figures(event.id, now());
    return { success: true as const, event: { ...waitingRoom.eventJson(event, figures) }, figures };
  }

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
        response: { 200: eventStream('Server-sent QueueEvent updates'), ...failures(400, 404) },
      },
    },
    async (request, reply) => {
      const { eventId } = request.params;
      const { token, place } = request.query;
      // Whose stream it is, when it says: with its place token (a page before 2026-11-26 named its place instead).
      let owner: StreamOwnerPlace | null = place === undefined ? null : { accountId: null, place: Number(place) };
      if (token !== undefined) {
        owner = await waitingRoom.placeOf(eventId, token);
        if (!owner) throw badRequest('This place token is not valid for this waiting room: open the waiting room again');
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
      config: { rateLimit: { max: joinsPerIpPerMinute, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => `waiting-room-join:${request.ip}` } },
      schema: {
        tags,
        security,
        summary: 'Take a place (one per account: joining again returns the same place)',
        params: EventIdParams,
        response: { 200: QueueStatusResponse, ...failures(400, 401, 404, 409, 413, 429, 503) },
      },
    },
    async (request) => {
      const status = await waitingRoom.join(request.params.eventId, request.identity!.sub);
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

  // Theatre staff: set up an on-sale, the live panel, pause and resume.
  app.register(async (admin: AppInstance) => {
    admin.addHook('onRequest', auth.requireRole('admin'));

    admin.get('/api/admin/on-sale', { schema: { tags, security, summary: 'On-sale events, and stored ones that cannot be shown (admin)', response: { 200: OnSaleEventsResponse, ...failures(401, 403, 503) } } }, async () => {
      return { success: true as const, ...(await waitingRoom.staffEvents()) };
    });

    admin.post(
      '/api/admin/on-sale',
      { schema: { tags, security, summary: 'Make shows an on-sale event (admin)', body: CreateOnSaleEventBody, response: { 200: OnSaleEventResponse, ...failures(400, 401, 403, 404, 409, 413, 415, 503) } } },
      async (request) => {
        const { showIds, waitingRoom: withQueue } = request.body;
        // Everything checked before the write: the event is stored whole or not at all.
        const name = valid(checkEventName(request.body.name));
        const onSaleAt = valid(checkOnSaleAt(request.body.onSaleAt, now(), deps.onSaleWindow));
        const created = await repository.createEvent({
          name,
          onSaleAt,
          waitingRoom: withQueue,
          shoppingCapacity: request.body.shoppingCapacity ?? defaultShoppingCapacity(showIds.length),
          windowMinutes: request.body.windowMinutes ?? DEFAULT_WINDOW_MINUTES,
          showIds,
          actor: request.identity!.sub,
          now: now(),
        });
        if ('refused' in created) throw refusal(created);
        waitingRoom.changed();
        return { success: true as const, event: waitingRoom.eventJson(created, undefined) };
      },
    );

    admin.get(
      '/api/admin/on-sale/:eventId',
      { schema: { tags, security, summary: 'The live panel: waiting, shopping, admitted per minute, seats left (admin)', params: EventIdParams, response: { 200: OnSaleFiguresResponse, ...failures(400, 401, 403, 404, 503) } } },
      async (request) => figuresOf(request.params.eventId),
    );

    admin.post(
      '/api/admin/on-sale/:eventId/cancel',
      {
        schema: {
          tags,
          security,
          summary: 'Cancel an on-sale event before it opens: its shows sell as any show, the cancel is kept with who did it (admin)',
          description: 'Refused (409) once the on-sale time has come or the draw ran; an event whose stored time cannot be read can always be cancelled.',
          params: EventIdParams,
          response: { 200: MessageResponse, ...failures(400, 401, 403, 404, 409, 413, 503) },
        },
      },
      async (request) => {
        const outcome = await waitingRoom.cancel(request.params.eventId, request.identity!.sub);
        if (outcome !== 'cancelled') throw cancelRefusal(outcome);
        return { success: true as const, message: 'On-sale cancelled: its shows are no longer held for it' };
      },
    );

    for (const [path, paused] of [['pause', true], ['resume', false]] as const) {
      admin.post(
        `/api/admin/on-sale/:eventId/${path}`,
        { schema: { tags, security, summary: `${paused ? 'Pause' : 'Resume'} admissions (admin)`, params: EventIdParams, response: { 200: OnSaleEventResponse, ...failures(400, 401, 403, 404, 413, 503) } } },
        async (request) => {
          const event = await storedEventOr404(request.params.eventId);
          await repository.setPaused(event.id, paused, request.identity!.sub, now());
          return { success: true as const, event: waitingRoom.eventJson({ ...event, paused }, undefined) };
        },
      );
    }
  });

  // Support: look an account's place up, admit or remove it; every action is recorded with who did it.
  app.register(async (support: AppInstance) => {
    support.addHook('onRequest', auth.requireRole('support'));

    // The events and their numbers, as the live panel shows them: support picks the event a moviegoer asks about.
    support.get('/api/debug/waiting-room', { schema: { tags, security, summary: 'On-sale events (support)', response: { 200: OnSaleEventsResponse, ...failures(401, 403, 503) } } }, async () => {
      return { success: true as const, ...(await waitingRoom.staffEvents()) };
    });

    support.get(
      '/api/debug/waiting-room/:eventId',
      { schema: { tags, security, summary: "An event's numbers: waiting, shopping, admitted per minute, seats left (support)", params: EventIdParams, response: { 200: OnSaleFiguresResponse, ...failures(400, 401, 403, 404, 503) } } },
      async (request) => figuresOf(request.params.eventId),
    );

    support.get(
      '/api/debug/waiting-room/:eventId/entry',
      { schema: { tags, security, summary: "An account's place, by account id or email (support)", params: EventIdParams, querystring: AccountLookupQuery, response: { 200: QueueEntryResponse, ...failures(400, 401, 403, 404, 503) } } },
      async (request) => {
        const event = await storedEventOr404(request.params.eventId);
        const account = valid(checkAccountText('account', request.query.account.trim()));
        const entry = await repository.findEntry(event.id, account);
        if (!entry) throw notFound('That account has no place in this waiting room');
        return { success: true as const, entry: waitingRoom.describeEntry(entry, event) };
      },
    );

    for (const action of ['admit', 'remove'] as const) {
      support.post(
        `/api/debug/waiting-room/:eventId/${action}`,
        {
          schema: {
            tags,
            security,
            summary: action === 'admit' ? 'Give an entry a shopping window now, out of turn (support)' : 'Remove an entry from the queue (support)',
            params: EventIdParams,
            body: AccountBody,
            response: { 200: QueueEntryResponse, ...failures(400, 401, 403, 404, 413, 415, 503) },
          },
        },
        async (request) => {
          const event = await storedEventOr404(request.params.eventId);
          const change = action === 'admit' ? repository.admitEntry : repository.removeEntry;
          const accountId = valid(checkAccountText('accountId', request.body.accountId));
          const entry = await change(event.id, accountId, request.identity!.sub, now());
          if (!entry) throw notFound('That account has no place in this waiting room');
          return { success: true as const, entry: waitingRoom.describeEntry(entry, event) };
        },
      );
    }

    support.get(
      '/api/debug/waiting-room/:eventId/actions',
      { schema: { tags, security, summary: "Staff and support actions on the event, who and when (support)", params: EventIdParams, response: { 200: WaitingRoomActionsResponse, ...failures(400, 401, 403, 404, 503) } } },
      async (request) => {
        // A cancelled event is no longer listed, but its actions (the cancel among them) are kept and shown.
        const actions = await repository.actions(request.params.eventId);
        if (actions.length === 0) await storedEventOr404(request.params.eventId);
        return { success: true as const, actions: actions.map((a) => ({ actor: a.actor, action: a.action, accountId: a.accountId, at: a.at.toISOString() })) };
      },
    );
  });
}
