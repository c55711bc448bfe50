export interface OutboxMessage {
  id: string;
  bookingId: string | null;
  kind: string;
  toAddress: string;
  subject: string;
  text: string;
  html: string;
  createdAt: Date;
  /** When it was handed to the SMTP server (or, without one, stored as delivered to the outbox). */
  sentAt: Date | null;
  /** Failed delivery attempts so far, and the last error. */
  attempts: number;
  lastError: string | null;
  /** When an unsent message is next due for delivery (null: not scheduled). */
  nextAttemptAt: Date | null;
}

export type NewOutboxMessage = Omit<OutboxMessage, 'id' | 'createdAt' | 'sentAt' | 'attempts' | 'lastError' | 'nextAttemptAt'> & {
  sentAt?: Date | null;
  nextAttemptAt?: Date | null;
};

/**
 * A message queued in the same write as a booking's change (the e-ticket with the payment): its id
 * and delivery state are fixed before the write, so a store that moves it into the outbox later
 * (MongoDB keeps it on the booking document) inserts it exactly once, by id.
 */
export type QueuedMessage = NewOutboxMessage & { id: string; createdAt: Date; sentAt: Date | null; nextAttemptAt: Date | null };
