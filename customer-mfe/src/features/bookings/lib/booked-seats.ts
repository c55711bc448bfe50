const SEAT = /^[A-J][1-9]$/;

/**
 * A booking's seats as a list. Spec §3 allows `bookedSeats` as a list or an
 * object: either keyed by index (`{"0": "A1"}`) or keyed by seat (`{"A1": true}`,
 * like a show's occupiedSeats).
 */
export function bookedSeatList(bookedSeats: unknown): string[] {
  if (Array.isArray(bookedSeats)) return bookedSeats.filter((s): s is string => typeof s === 'string');
  if (!bookedSeats || typeof bookedSeats !== 'object') return [];
  const values = Object.values(bookedSeats);
  if (values.length > 0 && values.every((v) => typeof v === 'string' && SEAT.test(v))) return values as string[];
  return Object.keys(bookedSeats).filter((k) => SEAT.test(k));
}
