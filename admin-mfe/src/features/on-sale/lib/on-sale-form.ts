import type { CreateOnSaleEventBody } from 'booking-service/contract';
import { isCalendarDate, zonedInstant } from 'booking-service/theatre-time';

export interface OnSaleForm {
  name: string;
  showIds: string[];
  /** A datetime-local value, in the theatre's time ("2026-12-01T10:00", or with seconds), whatever this browser's zone. */
  onSaleAt: string;
  waitingRoom: boolean;
  /** Blank: the service's default (a quarter of the seats). */
  capacity: string;
  windowMinutes: string;
}

/** A datetime-local value read on the theatre's clocks: a member of staff elsewhere sets the theatre's time, as for shows. */
function theatreInstant(value: string, timeZone: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2})?)$/.exec(value);
  if (!match || !isCalendarDate(match[1]!)) return null;
  const at = zonedInstant(match[1]!, match[2]!, timeZone);
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * The form as the create call's body, or the sentence saying what to fix first. `timeZone`: the theatre's
 * (public config); undefined while it loads.
 */
export function onSaleRequest(form: OnSaleForm, now: Date, timeZone: string | undefined): CreateOnSaleEventBody | { error: string } {
  if (!form.name.trim()) return { error: 'Give the on-sale a name' };
  if (form.showIds.length === 0) return { error: 'Pick at least one show' };
  if (!form.onSaleAt) return { error: 'Choose the on-sale time' };
  if (timeZone === undefined) return { error: "The theatre's time zone is still loading: try again in a moment" };
  const at = theatreInstant(form.onSaleAt, timeZone);
  if (!at) return { error: 'Choose the on-sale time' };
  if (at.getTime() <= now.getTime()) return { error: 'The on-sale time must be in the future' };
  const capacity = form.capacity.trim() === '' ? undefined : Number(form.capacity);
  if (capacity !== undefined && !(Number.isInteger(capacity) && capacity >= 1 && capacity <= 100_000)) {
    return { error: 'Shopping at once must be a whole number from 1 to 100,000' };
  }
  const windowMinutes = Number(form.windowMinutes);
  if (!(Number.isInteger(windowMinutes) && windowMinutes >= 1 && windowMinutes <= 60)) return { error: 'The shopping window must be 1 to 60 minutes' };
  return {
    name: form.name.trim(),
    showIds: form.showIds,
    onSaleAt: at.toISOString(),
    waitingRoom: form.waitingRoom,
    ...(capacity === undefined ? {} : { shoppingCapacity: capacity }),
    windowMinutes,
  };
}
