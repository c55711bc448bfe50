import { failures } from '../contract/failures.ts';
import { MessageResponse } from '../contract/responses.ts';
import { CreateOnSaleEventBody, EventIdParams, OnSaleControlsBody, OnSaleEventResponse, OnSaleEventsResponse, OnSaleFiguresResponse } from '../contract/waiting-room.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { conflict, notFound } from '../http/errors.ts';
import type { Auth } from '../identity/auth.ts';
import { DEFAULT_WINDOW_MINUTES, shoppingCapacityFor } from '../contract/seats/sales.ts';
import { checkEventName, checkOnSaleAt, checkOpensBeforeSalesClose, type OnSaleShow, type OnSaleWindow } from './on-sale-input.ts';
import { answerOutagesAsPaused, figuresOf, security, storedEventOr404, tags, valid } from './route-helpers.ts';
import type { WaitingRoom } from './waiting-room.ts';
import type { EventRefusal, WaitingRoomRepository } from './waiting-room-repository.ts';

/** A refused on-sale event as its answer: 404 an unknown show, 409 a show already in an event. */
function refusal(refused: EventRefusal) {
  if (refused.refused === 'unknown-show') return notFound(`Show ${refused.showId} not found`);
  return conflict(`Show ${refused.showId} already belongs to an on-sale event`);
}

/** Why staff cannot cancel: 404 an unknown (or cancelled) event, 409 one whose sale has begun. */
function cancelRefusal(outcome: 'started' | 'not-found') {
  if (outcome === 'not-found') return notFound('On-sale event not found (or already cancelled)');
  return conflict('This on-sale has begun: it can no longer be cancelled (pause its admissions instead)');
}

export interface OnSaleRoutesDeps {
  waitingRoom: WaitingRoom;
  repository: Pick<WaitingRoomRepository, 'createEvent' | 'figures' | 'setPaused' | 'setControls'>;
  auth: Auth;
  now: () => Date;
  /** Which errors mean the store is unreachable (store/unavailable.ts). */
  isUnavailable: (error: unknown) => boolean;
  /** When an on-sale may be set (ON_SALE_MAX_DAYS_AHEAD, the theatre's time zone). */
  onSaleWindow: OnSaleWindow;
  /** The seats of these shows together, each on its own screen (the default shopping capacity is a quarter of them). */
  seatsOfShows: (showIds: string[]) => Promise<number>;
  /** These shows (the known ones) with their start and cinema's clock; and when online sales close before a start. */
  showsOf: (showIds: string[]) => Promise<OnSaleShow[]>;
  salesCloseMinutes: number;
  /**
   * These shows' listings changed (put on sale, or the on-sale cancelled): every instance drops its cached show
   * times at once, so a show just put on sale never looks bookable for a cache's lifetime.
   */
  onShowsListingChanged: (showIds: string[]) => Promise<void>;
}

/** Theatre staff, /api/admin/on-sale/*: set up an on-sale, the live panel, cancel, pause and resume, the day's controls. */
export async function onSaleRoutes(admin: AppInstance, deps: OnSaleRoutesDeps) {
  const { waitingRoom, repository, auth, now } = deps;
  answerOutagesAsPaused(admin, deps.isUnavailable);
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
      valid(checkOpensBeforeSalesClose(onSaleAt, await deps.showsOf(showIds), deps.salesCloseMinutes));
      const created = await repository.createEvent({
        name,
        onSaleAt,
        waitingRoom: withQueue,
        shoppingCapacity: request.body.shoppingCapacity ?? shoppingCapacityFor(await deps.seatsOfShows(showIds)),
        windowMinutes: request.body.windowMinutes ?? DEFAULT_WINDOW_MINUTES,
        showIds,
        actor: request.identity!.sub,
        now: now(),
      });
      if ('refused' in created) throw refusal(created);
      waitingRoom.changed();
      await deps.onShowsListingChanged(showIds);
      return { success: true as const, event: waitingRoom.eventJson(created, undefined) };
    },
  );

  admin.get(
    '/api/admin/on-sale/:eventId',
    { schema: { tags, security, summary: 'The live panel: waiting, shopping, admitted per minute, seats left (admin)', params: EventIdParams, response: { 200: OnSaleFiguresResponse, ...failures(400, 401, 403, 404, 503) } } },
    async (request) => figuresOf(waitingRoom, repository, request.params.eventId, now()),
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
      const showIds = (await waitingRoom.event(request.params.eventId))?.showIds ?? [];
      const outcome = await waitingRoom.cancel(request.params.eventId, request.identity!.sub);
      if (outcome !== 'cancelled') throw cancelRefusal(outcome);
      await deps.onShowsListingChanged(showIds);
      return { success: true as const, message: 'On-sale cancelled: its shows are no longer held for it' };
    },
  );

  for (const [path, paused] of [['pause', true], ['resume', false]] as const) {
    admin.post(
      `/api/admin/on-sale/:eventId/${path}`,
      { schema: { tags, security, summary: `${paused ? 'Pause' : 'Resume'} admissions (admin)`, params: EventIdParams, response: { 200: OnSaleEventResponse, ...failures(400, 401, 403, 404, 413, 503) } } },
      async (request) => {
        const event = await storedEventOr404(waitingRoom, request.params.eventId);
        await repository.setPaused(event.id, paused, request.identity!.sub, now());
        return { success: true as const, event: waitingRoom.eventJson({ ...event, paused }, undefined) };
      },
    );
  }

  admin.post(
    '/api/admin/on-sale/:eventId/controls',
    {
      schema: {
        tags,
        security,
        summary: "The day's controls (admin): queue everyone, stop or reopen seat holds, live streams off or on, the waiting pages' poll interval",
        description: 'Every instance obeys within a second (each reads its events once a second); each change is recorded with who made it.',
        params: EventIdParams,
        body: OnSaleControlsBody,
        response: { 200: OnSaleEventResponse, ...failures(400, 401, 403, 404, 413, 415, 503) },
      },
    },
    async (request) => {
      const event = await storedEventOr404(waitingRoom, request.params.eventId);
      await repository.setControls(event.id, request.body, request.identity!.sub, now());
      waitingRoom.changed();
      // Queue everyone (or not): the show times say whether to go through the waiting room; every instance drops its copy.
      if (request.body.waitingRoom !== undefined && request.body.waitingRoom !== event.waitingRoom) await deps.onShowsListingChanged(event.showIds);
      return { success: true as const, event: waitingRoom.eventJson({ ...event, ...request.body }, undefined) };
    },
  );
}
