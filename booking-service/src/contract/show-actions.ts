import { Type, type Static } from 'typebox';
import { Price } from './schemas.ts';

/** Staff's actions on one show of List Shows: cancel it with refunds, change its price. */

export const ShowPriceBody = Type.Object(
  { showPrice: Price('The new standard seat price in currency units, whole cents, for bookings made from now on') },
  { additionalProperties: false },
);

export const CancelShowResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String({ description: 'What was done, in staff words' }),
  outcome: Type.Union([Type.Literal('cancelled'), Type.Literal('already-cancelled')], {
    description: 'already-cancelled: cancelled before; this call refunded and released whatever of it was still live',
  }),
  refunded: Type.Integer({ description: 'Paid bookings cancelled by this call and refunded (or refund pending, retried)' }),
  refundsPending: Type.Integer({ description: 'Of those, refunds the provider has not taken yet (the reconciliation retries them)' }),
  refundsFailed: Type.Integer({ description: 'Of those, refunds the provider refused (support acts; each booking says why)' }),
  released: Type.Integer({ description: 'Unpaid holds released by this call' }),
  admitted: Type.Integer({
    description:
      'Paid bookings already admitted at the door (it opens before the show): not cancelled nor refunded by the system, one fate per ticket; ' +
      'staff settle with those guests in person',
  }),
});

export const ShowPriceResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  showPrice: Type.Number(),
});

export type CancelShowResponse = Static<typeof CancelShowResponse>;
export type ShowPriceResponse = Static<typeof ShowPriceResponse>;
