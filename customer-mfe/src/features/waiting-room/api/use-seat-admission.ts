import type { ShowOnSale } from 'booking-service/contract';
import { useQueueStatus } from './use-queue-status';
import { useWaitingRoomApi } from './waiting-room-api';

/**
 * The seat page's side of the waiting room: the seats of a show in an on-sale event with its waiting room, once
 * on sale, are for the admitted, with their token. `gatedEvent` is that event (null for an ordinary show, or
 * before the on-sale time), `admission` the token once it is this moviegoer's turn, and `readSeats` and `book`
 * the seat list's read and the booking with it (undefined without an admission: the ordinary calls are made).
 * `preSaleEvent` is the event of a show chosen before its waiting room opened, and `queueEvent` the waiting room
 * this moviegoer must go through before choosing seats (either case): the page shows the way there, not a seat map.
 */
export function useSeatAdmission(onSale: ShowOnSale | undefined, now: number, signedIn: boolean) {
  const gatedEvent = onSale?.waitingRoom && Date.parse(onSale.at) <= now ? onSale.eventId : null;
  const queue = useQueueStatus(gatedEvent, { join: false, enabled: signedIn });
  const admission = queue.data?.state === 'shopping' ? queue.data.admission : null;
  const api = useWaitingRoomApi();
  const preSaleEvent = onSale?.waitingRoom && Date.parse(onSale.at) > now ? onSale.eventId : null;
  return {
    gatedEvent,
    admission,
    preSaleEvent,
    queueEvent: preSaleEvent ?? (gatedEvent && !admission ? gatedEvent : null),
    /** The end of this moviegoer's shopping time, while admitted. */
    windowEndsAt: admission ? (queue.data?.windowEndsAt ?? null) : null,
    /** Whether this moviegoer's shopping time is over. */
    done: queue.data?.state === 'done',
    readSeats: admission ? (show: string) => api.occupiedSeats(show, admission) : undefined,
    book: admission ? (input: { showId: string; seats: string[] }) => api.createBooking(input.showId, input.seats, admission) : undefined,
  };
}
