import { Type, type Static } from 'typebox';

/** A paid booking the high-water mark knew and an adopted restore point lacks: support settles it. */
export const LostBookingSchema = Type.Object({
  id: Type.String(),
  ticketCode: Type.String(),
  showId: Type.String(),
  seats: Type.Array(Type.String()),
  paidAt: Type.String(),
});

/**
 * A confirmed payment or admission the database no longer holds (it went back in time): from this instance's
 * confirmation journal, so named even when the database has no such booking any more.
 */
export const LostConfirmationSchema = Type.Object({
  seq: Type.Number(),
  kind: Type.Union([Type.Literal('paid'), Type.Literal('admitted')]),
  bookingId: Type.String(),
  ticketCode: Type.String(),
  showId: Type.Optional(Type.String()),
  seats: Type.Optional(Type.Array(Type.String())),
  at: Type.Optional(Type.String()),
});

/** An older copy of the database the operator adopted (docs/operators/backup-and-restore.md). */
export const RestoreAdoptionSchema = Type.Object({
  restorePoint: Type.String(),
  adoptedAt: Type.String({ format: 'date-time' }),
  /** What the mark had recorded, and what the adopted copy held. */
  recorded: Type.Record(Type.String(), Type.Integer()),
  found: Type.Record(Type.String(), Type.Integer()),
  lost: Type.Array(LostBookingSchema),
  /** Admissions at the door the adopted copy lacks (the ticket could be admitted again). */
  lostAdmissions: Type.Optional(Type.Array(LostConfirmationSchema)),
});

/** Seats of one show held by more than one live booking: its sales are stopped. */
export const DoubleSaleSchema = Type.Object({
  showId: Type.String(),
  seats: Type.Array(Type.String()),
  bookingIds: Type.Array(Type.String()),
  message: Type.String(),
});

/** GET /api/debug/integrity: what the public health check does not say. */
export const IntegrityReportResponse = Type.Object({
  success: Type.Literal(true),
  healthy: Type.Boolean(),
  /** null before the first check. */
  checkedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  problems: Type.Array(Type.String()),
  doubleSold: Type.Array(DoubleSaleSchema),
  /** Live shows of one screen that overlap (stored before migration 0020's rule of one show at a time per screen), each pair with its seats sold and what to do. */
  scheduleOverlaps: Type.Optional(Type.Array(Type.String())),
  /**
   * Payments the provider took anyway for bookings of a show whose sales were stopped (Stripe's hosted page
   * was already open): recorded as paid, to settle with the double sale. Kept by this instance until it stops.
   */
  paidWhileStopped: Type.Array(LostBookingSchema),
  /** Confirmed payments and admissions the database no longer holds, found while running (sales are stopped). */
  lostConfirmations: Type.Array(LostConfirmationSchema),
  /** The restore points this instance adopted, newest last, each with the bookings it lost. */
  adoptions: Type.Array(RestoreAdoptionSchema),
});
export type IntegrityReportResponse = Static<typeof IntegrityReportResponse>;
