import { SEAT_TYPE_LABELS, type SeatType } from 'booking-service/layout';
/** "A1 (Wheelchair space), A2 (Companion seat), B4": a booking's seats, each not standard with its type. */
export function seatsWithTypes(seats: readonly string[], types: Record<string, SeatType> | undefined): string {
  return seats.map((seat) => (types?.[seat] && types[seat] !== 'standard' ? `${seat} (${SEAT_TYPE_LABELS[types[seat]]})` : seat)).join(', ');
}
