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

/** The outbox in a store (every store implements it: db/). */
export interface OutboxRepository {
  add(message: NewOutboxMessage): Promise<OutboxMessage>;
  /** Whether a message of this kind about this booking is in the outbox. */
  existsFor(bookingId: string, kind: string): Promise<boolean>;
  /**
   * Moves messages that guarded updates queued alongside bookings into the outbox, each exactly once
   * (by its id), whatever the concurrency; returns how many it moved. MongoDB keeps them on the booking
   * document until then; PostgreSQL writes them to the outbox in the update's transaction (none to move).
   */
  collectQueued(limit: number): Promise<number>;
  list(limit: number): Promise<OutboxMessage[]>;
  /** The messages about one booking, oldest first (support's timeline of the booking). */
  listForBooking(bookingId: string): Promise<OutboxMessage[]>;
  get(id: string): Promise<OutboxMessage | null>;
  markSent(id: string, sentAt: Date): Promise<OutboxMessage | null>;
  /** Counts a failed attempt and schedules the next one (null: give up). */
  markFailed(id: string, failure: { error: string; nextAttemptAt: Date | null }): Promise<OutboxMessage | null>;
  /**
   * Unsent messages due by `now`, each claimed with a conditional update that moves its next
   * attempt to `leaseUntil`: with several instances, each message is claimed by one of them.
   */
  claimDue(now: Date, leaseUntil: Date, limit: number): Promise<OutboxMessage[]>;
}
