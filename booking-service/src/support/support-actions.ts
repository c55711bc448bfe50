/**
 * A money-affecting action support took on a booking, and who took it: the audit trail support reads in the
 * booking's history (mark as paid, fix payment). Kept for good: it answers "who paid this hold?".
 */
export const SUPPORT_ACTION_KINDS = ['mark-paid', 'fix-payment'] as const;
export type SupportActionKind = (typeof SUPPORT_ACTION_KINDS)[number];

export interface SupportAction {
  id: string;
  bookingId: string;
  kind: SupportActionKind;
  /** The support user's token subject and email, as the service verified them. */
  actorId: string;
  actorEmail: string;
  /** What happened, in the service's words: a fix-payment outcome ("open", "paid"...) or mark-paid's ("paid", "already-paid", "refused"). */
  outcome: string;
  /** The sentence support was shown. */
  message: string;
  createdAt: Date;
}

export type NewSupportAction = Omit<SupportAction, 'id' | 'createdAt'>;

/** What support's audit trail needs of a store (every store implements it: db/). */
export interface SupportActionRepository {
  record(action: NewSupportAction): Promise<SupportAction>;
  /** The booking's actions, oldest first. */
  listForBooking(bookingId: string): Promise<SupportAction[]>;
}
