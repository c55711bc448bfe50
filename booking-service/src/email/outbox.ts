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
