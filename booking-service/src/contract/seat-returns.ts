/**
 * Giving back some seats of a paid booking: what each seat refunds and how the return reads.
 * Shared by the service (which refunds and writes the emails) and the customer site (which states the refund before
 * the moviegoer confirms and shows the return on the ticket), so both say the same amount and the same words.
 */

/**
 * Each seat's share of what the booking's seats cost now (`amountCents`, net of seats given back before), in cents,
 * summing exactly to it. While the show's prices are those it was bought at, a seat's share is its price by seat type;
 * if staff changed a price since, the amount paid is split in proportion to the current prices (largest remainders
 * first), so seats given back never refund more than was paid, nor less than their part of it.
 */
export function seatShareCents(amountCents: number, priceCentsBySeat: readonly (readonly [seat: string, priceCents: number])[]): Map<string, number> {
  const shares = new Map<string, number>();
  if (priceCentsBySeat.length === 0) return shares;
  const totalPrice = priceCentsBySeat.reduce((sum, [, price]) => sum + price, 0);
  // No prices to weigh with (free seats): an equal split.
  const weights = priceCentsBySeat.map(([seat, price]) => [seat, totalPrice > 0 ? price : 1] as const);
  const totalWeight = weights.reduce((sum, [, weight]) => sum + weight, 0);
  const exact = weights.map(([seat, weight]) => ({ seat, exact: (amountCents * weight) / totalWeight }));
  for (const { seat, exact: value } of exact) shares.set(seat, Math.floor(value));
  let left = amountCents - [...shares.values()].reduce((sum, cents) => sum + cents, 0);
  const byRemainder = [...exact].sort((a, b) => b.exact - Math.floor(b.exact) - (a.exact - Math.floor(a.exact)));
  for (const { seat } of byRemainder) {
    if (left <= 0) break;
    shares.set(seat, shares.get(seat)! + 1);
    left -= 1;
  }
  return shares;
}

/** "Seat B2" or "Seats B2, B3". */
export function seatList(seats: readonly string[]): string {
  return `${seats.length === 1 ? 'Seat' : 'Seats'} ${seats.join(', ')}`;
}

/** Where a return's refund stands, as the moviegoer reads it. */
export type SeatReturnRefundState = 'pending' | 'refunded' | 'failed';

/**
 * One line for seats given back: "Seats B2, B3 given back · $24.00 refunded" (pending: "refund on its way"; failed:
 * "refund failed, support will refund you"), with the day when given ("· Dec 7, 9:12 PM").
 */
export function seatsGivenBackText(seats: readonly string[], refund: string, state: SeatReturnRefundState, when?: string): string {
  const money =
    state === 'refunded' ? `${refund} refunded` : state === 'pending' ? `${refund} refund on its way` : `${refund} refund failed, our support team will refund you`;
  return [`${seatList(seats)} given back`, money, ...(when ? [when] : [])].join(' · ');
}

/** What stays true after a return: the ticket admits the seats left. */
export function ticketStillValidText(seatsLeft: readonly string[]): string {
  return `Your ticket stays valid for ${seatList(seatsLeft).replace(/^S/, 's')}.`;
}
