import type { QueueStatusResponse } from '../contract/waiting-room.ts';
import type { WaitingRoomKey } from './admission-token.ts';
import { signAdmission } from './admission-token.ts';
import { pace, type EventView, type FoundEvent } from './event-view.ts';
import { readPlace, signPlace } from './place-token.ts';
import { entryState, estimatedWaitSeconds, position } from './queue-rules.ts';
import type { QueueEntry, WaitingRoomRepository } from './waiting-room-repository.ts';

export interface QueueStatusDeps {
  view: EventView;
  repository: WaitingRoomRepository;
  admissionKey: WaitingRoomKey;
  now: () => Date;
}

type Status = Omit<QueueStatusResponse, 'success'>;

/**
 * A moviegoer's place in the queue as a poll answers it: from the place token and this instance's view while
 * the turn has not come (no database), else from the entry row, claiming an admission on the way.
 */
export function createQueueStatus({ view, repository, admissionKey, now }: QueueStatusDeps) {
  /** A poll's answer while in the pre-queue or waiting: from the place and the serving counter alone. */
  async function placeAnswer(found: FoundEvent, accountId: string, place: number | null, token: string | null): Promise<Status> {
    const ahead = place === null ? null : position({ place }, found.event);
    return {
      event: found.json,
      state: place === null ? ('pre-queue' as const) : ('waiting' as const),
      place,
      position: ahead,
      estimatedWaitSeconds: ahead === null ? null : estimatedWaitSeconds(ahead, pace(found)),
      windowEndsAt: null,
      admission: null,
      placeToken: token ?? (await signPlace(admissionKey, { accountId, eventId: found.event.id, place }, now())),
    };
  }

  /** The answer for the entry as stored (null: the account has not joined); null when there is no such event. */
  async function statusOf(eventId: string, entry: QueueEntry | null): Promise<Status | null> {
    const found = await view.find(eventId);
    if (!found) return null;
    const { json } = found;
    const at = now();
    if (!entry) return { event: json, state: 'not-joined', place: null, position: null, estimatedWaitSeconds: null, windowEndsAt: null, admission: null, placeToken: null };
    const state = entryState(entry, at);
    if (state === 'pre-queue' || state === 'waiting') return placeAnswer(found, entry.accountId, entry.place, null);
    const shopping = state === 'shopping' && entry.windowEndsAt;
    // An admission handed over by a join (a second tab) is claimed too.
    if (shopping && !entry.claimedAt) await repository.entryClaiming(eventId, entry.accountId, at);
    return {
      event: json,
      state,
      place: entry.place,
      position: null,
      estimatedWaitSeconds: null,
      windowEndsAt: shopping ? entry.windowEndsAt!.toISOString() : null,
      admission: shopping ? await signAdmission(admissionKey, { accountId: entry.accountId, eventId, expiresAt: entry.windowEndsAt! }) : null,
      placeToken: null,
    };
  }

  /** The places the draw gave, read once per instance and event (the pre-queue's polls find theirs here). */
  const drawnPlaces = new Map<string, Promise<Map<string, number>>>();
  function placesDrawn(eventId: string) {
    let places = drawnPlaces.get(eventId);
    if (!places) {
      places = repository.drawnPlaces(eventId);
      drawnPlaces.set(eventId, places);
      places.catch(() => drawnPlaces.delete(eventId));
    }
    return places;
  }

  /**
   * A poll carrying its place token, answered without the database while the place is still ahead of the
   * serving counter (or, before the draw, in the pre-queue); null when the entry row must be read: no or a
   * foreign token, the turn reached, or support acted on the account.
   */
  async function statusFromPlace(eventId: string, accountId: string, token: string): Promise<Status | null> {
    const found = await view.find(eventId);
    const hint = await readPlace(admissionKey, token, now());
    if (!found || !hint || hint.accountId !== accountId || hint.eventId !== eventId) return null;
    if (!found.pulse || found.pulse.outOfTurn.has(accountId)) return null;
    if (hint.place === null && !found.event.drawnAt) return placeAnswer(found, accountId, null, token);
    const place = hint.place ?? (await placesDrawn(eventId)).get(accountId);
    if (place === undefined || place <= found.event.serving) return null;
    return placeAnswer(found, accountId, place, place === hint.place ? token : null);
  }

  return {
    statusOf,
    placesDrawn,
    /**
     * The account's place. With its place token, while the turn has not come, from this instance's view of
     * the event alone; else from the entry row, written once, to claim an admission.
     */
    async status(eventId: string, accountId: string, placeToken: string | null) {
      const fromPlace = placeToken ? await statusFromPlace(eventId, accountId, placeToken) : null;
      // The admission handed over claims it (one write per admission, never per poll): unclaimed, it lapses after the grace.
      return fromPlace ?? statusOf(eventId, await repository.entryClaiming(eventId, accountId, now()));
    },
  };
}
