import { Type, type Static } from 'typebox';

const Sum = (what: string) =>
  Type.Object({ count: Type.Integer({ description: `${what}: how many` }), amount: Type.Number({ description: `${what}: their amounts, in currency units` }) });

/**
 * List Bookings' totals over every page of the filtered list, each state on its own so that no
 * cancelled or refunded amount is ever added to what was paid: `paid` is what is kept (the dashboard's paid
 * bookings and revenue count the same), `refunded` went back to the card, `refundPending` is on its way back.
 */
export const BookingTotalsSchema = Type.Object({
  paid: Sum('Paid bookings'),
  refunded: Sum('Refunded bookings'),
  refundPending: Sum('Bookings whose refund is pending or failed (support acts on a failed one)'),
  unpaid: Type.Object({ count: Type.Integer({ description: 'Held, or cancelled without payment: nothing was charged' }) }),
});

export type BookingTotalsJson = Static<typeof BookingTotalsSchema>;
