import { Type, type Static } from 'typebox';

/** What a booking's timeline entry is about (support's History: GET /api/debug/bookings/{id}/history). */
export const TIMELINE_KINDS = [
  'created',
  'held',
  'paid',
  'late-payment',
  'email',
  'door-scan',
  'seats-returned',
  'cancelled',
  'refund-requested',
  'refund-settled',
  'refund-failed',
  'refund-pending',
  'support-action',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export const TimelineEntrySchema = Type.Object({
  kind: Type.Enum(TIMELINE_KINDS),
  at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'When it happened; null when the store keeps no time for it (the entry is placed after what it followed)',
  }),
  title: Type.String({ description: 'What happened, in a few words ("Admitted", "Refund settled")' }),
  detail: Type.String({ description: "The facts: amounts, seats, door, reason; times on the show's cinema's clock" }),
  by: Type.Union([Type.String(), Type.Null()], { description: 'Who did it (the moviegoer, a staff member, a support agent, the service), when known' }),
});

/** The booking's state in the words every list uses (`booking-service/booking-status`), with its sentence for support. */
export const TimelineStatusSchema = Type.Object({ label: Type.String(), detail: Type.Union([Type.String(), Type.Null()]) });

export type TimelineEntryJson = Static<typeof TimelineEntrySchema>;
