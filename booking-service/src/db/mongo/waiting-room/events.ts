import { randomUUID } from 'node:crypto';
import { QUEUE_POLL_SECONDS } from '../../../contract/seats/sales.ts';
import { controlActions, type WaitingRoomRepository } from '../../../waiting-room/waiting-room-repository.ts';
import type { Models } from '../models.ts';
import { isDuplicateKeyError } from '../queries.ts';
import { record, toEvent, type ActionDocument, type EventDocument, type WaitingRoomModels } from './documents.ts';

type Deps = Pick<Models, 'Show'> & WaitingRoomModels;

/** Staff's side: the on-sale events, pausing and cancelling them, and the trail of who did what. */
export function onSaleEventQueries({ Show, Event, Action }: Deps): Pick<WaitingRoomRepository, 'createEvent' | 'events' | 'setPaused' | 'setControls' | 'cancelEvent' | 'actions'> {
  return {
    async createEvent(input) {
      const known = new Set((await Show.find({ _id: { $in: input.showIds } }, { _id: 1 }).lean<{ _id: string }[]>()).map((show) => show._id));
      const unknown = input.showIds.find((id) => !known.has(id));
      if (unknown) return { refused: 'unknown-show' as const, showId: unknown };
      const document: EventDocument = {
        _id: randomUUID(),
        name: input.name,
        onSaleAt: input.onSaleAt,
        waitingRoom: input.waitingRoom,
        shoppingCapacity: input.shoppingCapacity,
        windowMinutes: input.windowMinutes,
        paused: false,
        salesClosed: false,
        streamsOff: false,
        pollEverySeconds: QUEUE_POLL_SECONDS,
        serving: 0,
        drawnAt: null,
        showIds: input.showIds,
        createdBy: input.actor,
        createdAt: input.now,
        live: true,
        cancelledAt: null,
        lastPlace: 0,
        drawingBy: null,
        drawingSince: null,
        admittingBy: null,
        admittingUntil: null,
        lastAdmittedAt: null,
      };
      try {
        // One insert: the unique index on the live events' shows refuses it whole if a show is in another event.
        await Event.create(document);
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        const holder = await Event.findOne({ live: true, showIds: { $in: input.showIds } }, { showIds: 1 }).lean<Pick<EventDocument, 'showIds'>>();
        return { refused: 'show-in-event' as const, showId: input.showIds.find((id) => holder?.showIds.includes(id)) ?? input.showIds[0]! };
      }
      await record(Action, { eventId: document._id, actor: input.actor, action: 'create', accountId: null }, input.now);
      return toEvent(document);
    },

    async events() {
      const found = await Event.find({ live: true }).lean<EventDocument[]>();
      return found.map(toEvent).sort((a, b) => b.onSaleAt.getTime() - a.onSaleAt.getTime());
    },

    async setPaused(eventId, paused, actor, now) {
      await Event.updateOne({ _id: eventId }, { $set: { paused } });
      await record(Action, { eventId, actor, action: paused ? 'pause' : 'resume', accountId: null }, now);
    },

    async setControls(eventId, controls, actor, now) {
      const before = await Event.findOneAndUpdate({ _id: eventId }, { $set: controls }).lean<EventDocument>();
      if (!before) return;
      for (const action of controlActions(toEvent(before), controls)) await record(Action, { eventId, actor, action, accountId: null }, now);
    },

    async cancelEvent(eventId, { actor, now, unreadable }) {
      // One conditional update: not drawn, no draw running, the on-sale time ahead (the draw's claim is conditional
      // on the same document, so the draw and the cancel cannot both happen). live: false frees its shows.
      const notStarted = unreadable ? {} : { drawnAt: null, drawingBy: null, onSaleAt: { $gt: now } };
      const cancelled = await Event.findOneAndUpdate({ _id: eventId, live: true, ...notStarted }, { $set: { live: false, cancelledAt: now } }).lean();
      if (!cancelled) return (await Event.exists({ _id: eventId, live: true })) ? ('started' as const) : ('not-found' as const);
      await record(Action, { eventId, actor, action: 'cancel', accountId: null }, now);
      return 'cancelled' as const;
    },

    async actions(eventId) {
      const found = await Action.find({ eventId }).lean<ActionDocument[]>();
      // Sorted here (a sorted query costs more on DocumentDB); newest first, then the order they were made in.
      return found
        .sort((a, b) => b.at.getTime() - a.at.getTime())
        .slice(0, 200)
        .map(({ eventId: id, actor, action, accountId, at }) => ({ eventId: id, actor, action, accountId, at }));
    },
  };
}
