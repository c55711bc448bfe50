import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { NewOutboxMessage, OutboxMessage, OutboxRepository, QueuedMessage } from './outbox.ts';

/** Sends what `sendMail` is given; nodemailer's SMTP transport in production, anything alike in tests. */
export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string; html: string; attachDataUrls: boolean }): Promise<unknown>;
  close?(): void;
}

export interface MailerOptions {
  outbox: OutboxRepository;
  /** SMTP server URL; without it the outbox is the mailbox (support reads it in the debug remote). */
  smtpUrl: string | undefined;
  from: string;
  timeoutMs: number;
  now: () => Date;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
  /** Another transport than SMTP (tests). */
  transport?: MailTransport;
}

export interface Mailer {
  readonly delivery: 'smtp' | 'outbox';
  /**
   * Records the message in the outbox first (so it is never lost), then delivers
   * it in the background; a failed delivery stays in the outbox, unsent, with its
   * error, and is retried by `retryDue`.
   */
  send(message: NewOutboxMessage): Promise<OutboxMessage>;
  /**
   * The message ready to be written by a store in the same write as a booking's change (see
   * GuardedUpdate.email): its id, and the delivery state `send` would give it (leased to this
   * instance for delivery, or delivered to the outbox when there is no SMTP server).
   */
  queue(message: NewOutboxMessage): QueuedMessage;
  /** After the write that queued it: moves it into the outbox if the store keeps it aside, and delivers it in the background. */
  deliverQueued(id: string): Promise<void>;
  /** Moves queued messages into the outbox, then delivers the unsent messages that are due (each claimed by one instance). */
  retryDue(): Promise<{ sent: number; failed: number }>;
  /** Resolves when no delivery is in flight (tests, shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** While one instance delivers a message, the others leave it alone this long. */
const LEASE_MS = 2 * 60_000;
export const MAX_ATTEMPTS = 10;
const RETRY_BATCH = 20;
const COLLECT_BATCH = 100;

/** 1, 2, 4, 8 ... minutes, at most an hour, between attempts. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));
}

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // SMTP URLs and server greetings may carry credentials; keep only the first line, trimmed.
  return message.split('\n')[0]!.replace(/\/\/[^@\s]+@/g, '//***@').slice(0, 500) || 'delivery failed';
}

export function createMailer(options: MailerOptions): Mailer {
  const { outbox, now, log } = options;
  const transport: MailTransport | null =
    options.transport ??
    (options.smtpUrl
      ? (nodemailer.createTransport({
          url: options.smtpUrl,
          connectionTimeout: options.timeoutMs,
          greetingTimeout: options.timeoutMs,
          socketTimeout: options.timeoutMs,
        }) as unknown as MailTransport)
      : null);
  const inFlight = new Set<Promise<unknown>>();

  async function deliver(message: OutboxMessage): Promise<boolean> {
    try {
      if (!message.toAddress) throw new Error('the customer has no email address');
      await transport!.sendMail({
        from: options.from,
        to: message.toAddress,
        subject: message.subject,
        text: message.text,
        html: message.html,
        // The ticket's QR code is a data: URL in the HTML; sent as an inline (cid:) image, which mail clients show.
        attachDataUrls: true,
      });
      await outbox.markSent(message.id, now());
      return true;
    } catch (error) {
      const attempts = message.attempts + 1;
      const permanent = !message.toAddress;
      const nextAttemptAt = permanent || attempts >= MAX_ATTEMPTS ? null : new Date(now().getTime() + retryDelayMs(attempts));
      await outbox.markFailed(message.id, { error: describeError(error), nextAttemptAt }).catch((e: unknown) => {
        log.error({ err: e, messageId: message.id }, 'email: could not record a failed delivery');
      });
      log.warn(
        { messageId: message.id, kind: message.kind, attempts, nextAttemptAt, error: describeError(error) },
        nextAttemptAt ? 'email: delivery failed; kept in the outbox and retried later' : 'email: delivery failed; giving up (kept in the outbox)',
      );
      return false;
    }
  }

  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => {});
    return promise;
  }

  return {
    delivery: transport ? 'smtp' : 'outbox',

    async send(message) {
      if (!transport) return outbox.add({ ...message, sentAt: now() });
      // Leased to this instance so the retry job of another one leaves it alone while this one sends it.
      const stored = await outbox.add({ ...message, sentAt: null, nextAttemptAt: new Date(now().getTime() + LEASE_MS) });
      void track(deliver(stored));
      return stored;
    },

    queue(message) {
      const at = now();
      return {
        ...message,
        id: randomUUID(),
        createdAt: at,
        sentAt: transport ? null : at,
        nextAttemptAt: transport ? new Date(at.getTime() + LEASE_MS) : null,
      };
    },

    async deliverQueued(id) {
      await outbox.collectQueued(COLLECT_BATCH);
      if (!transport) return;
      const stored = await outbox.get(id);
      if (stored && stored.sentAt === null) void track(deliver(stored));
    },

    async retryDue() {
      // A crash between a write that queued a message and its move to the outbox leaves it queued: moved here.
      await outbox.collectQueued(COLLECT_BATCH);
      if (!transport) return { sent: 0, failed: 0 };
      const at = now();
      const due = await outbox.claimDue(at, new Date(at.getTime() + LEASE_MS), RETRY_BATCH);
      let sent = 0;
      for (const message of due) if (await track(deliver(message))) sent++;
      return { sent, failed: due.length - sent };
    },

    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },

    async close() {
      await this.idle();
      transport?.close?.();
    },
  };
}
