import type { CreateOnSaleEventBody } from 'booking-service/contract';

export interface OnSaleForm {
  name: string;
  showIds: string[];
  /** A datetime-local value, in this browser's time ("2026-12-01T10:00"). */
  onSaleAt: string;
  waitingRoom: boolean;
  /** Blank: the service's default (a quarter of the seats). */
  capacity: string;
  windowMinutes: string;
}

/** The form as the create call's body, or the sentence saying what to fix first. */
export function onSaleRequest(form: OnSaleForm, now: Date): CreateOnSaleEventBody | { error: string } {
  if (!form.name.trim()) return { error: 'Give the on-sale a name' };
  if (form.showIds.length === 0) return { error: 'Pick at least one show' };
  const at = new Date(form.onSaleAt);
  if (!form.onSaleAt || Number.isNaN(at.getTime())) return { error: 'Choose the on-sale time' };
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
