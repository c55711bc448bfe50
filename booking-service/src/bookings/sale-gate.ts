/**
 * Whether a caller may see or book a show's seats now: resolves when yes, throws the refusal (an
 * HttpError) when not. The waiting room provides it (an on-sale event's shows before their time, or
 * without an admission); bookings only asks, so it knows nothing of queues.
 */
export type SaleGate = (showId: string, caller: SaleCaller) => Promise<void>;

export interface SaleCaller {
  /** The signed-in account booking; null for the public seat map (the admission alone is checked). */
  accountId: string | null;
  /** The X-Admission header: the admission token the waiting room gave. */
  admission: string | undefined;
}

/** The header carrying the admission token. */
export const ADMISSION_HEADER = 'x-admission';
