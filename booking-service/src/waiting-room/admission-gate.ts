import type { SaleGate } from '../bookings/sale-gate.ts';
import { conflict, forbidden } from '../http/errors.ts';
import { readAdmission, type WaitingRoomKey } from './admission-token.ts';
import type { Snapshot } from './snapshot.ts';

interface AdmissionGateDeps {
  /** The instance's view of the events (at most a second old): the gate never reads the database itself. */
  current: () => Promise<Snapshot>;
  /** Read from the database for a booking (a write): the view may be up to a second behind another instance. */
  admissionEnded: (eventId: string, accountId: string, now: Date) => Promise<boolean>;
  admissionKey: WaitingRoomKey;
  now: () => Date;
}

/**
 * The sale gate of on-sale events' shows: closed before the on-sale time; through the waiting room, open to
 * an admission token of this event and account, until its window ends or its moviegoer pays for the event,
 * leaves or is removed (the view's `endedAdmissions`, read with the events each second on every instance; and, for
 * a booking, from the database at that moment, so no instance honours an admission that ended elsewhere).
 */
export function createAdmissionGate({ current, admissionKey, now, admissionEnded }: AdmissionGateDeps): SaleGate {
  return async (showId, caller) => {
    const view = await current();
    const closed = view.closedShows.get(showId);
    if (closed) throw conflict(`The on-sale of "${closed.event.name}" cannot open: its on-sale time cannot be read. Theatre staff have been told`);
    const event = view.byShow.get(showId);
    if (!event) return;
    if (event.onSaleAt > now()) throw conflict(`This show goes on sale at ${event.onSaleAt.toISOString()}: it cannot be booked before then`);
    // Staff stopped seat holds for a moment (the day's controls): the seat map still shows, nothing is held.
    if (event.salesClosed && caller.accountId !== null) {
      throw conflict(`The theatre has stopped sales of "${event.name}" for a moment: nothing was held. Your place and your shopping window are kept: try again shortly`);
    }
    if (!event.waitingRoom) return;
    if (!caller.admission) throw forbidden(`This show is sold through the waiting room of "${event.name}": join it, and book once you are admitted`);
    const admission = await readAdmission(admissionKey, caller.admission, now());
    // An expired token is the common case here: the shopping window ran out.
    if (!admission || admission.eventId !== event.id) throw forbidden(`Your shopping window for "${event.name}" has ended, or this admission is not for it`);
    if (caller.accountId !== null && admission.accountId !== caller.accountId) throw forbidden('This admission belongs to another account');
    const ended =
      view.pulses.get(event.id)?.endedAdmissions.has(admission.accountId) ||
      // A booking (an account is booking) asks the database: ended on another instance a moment ago is ended here too.
      (caller.accountId !== null && (await admissionEnded(event.id, admission.accountId, now())));
    if (ended) {
      throw forbidden(`Your admission to "${event.name}" has ended: you paid for this on-sale or left its waiting room, and the next in line has your place. The waiting room shows where you stand`);
    }
  };
}
