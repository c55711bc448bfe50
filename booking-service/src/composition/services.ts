import { builtInChain } from '../cinemas/built-in-chain.ts';
import { createCinemaDirectory } from '../cinemas/cinema-directory.ts';
import type { FastifyBaseLogger } from 'fastify';
import { countingTransitions } from '../bookings/transition-counts.ts';
import type { SaleGate } from '../bookings/sale-gate.ts';
import { createCheckInService } from '../check-in/check-in-service.ts';
import type { Config } from '../config/config.ts';
import { createMailer } from '../email/mailer.ts';
import { HttpError } from '../http/errors.ts';
import { createStreamLimiter } from '../http/stream-limiter.ts';
import type { HighWaterMark } from '../integrity/high-water-mark.ts';
import { createIntegrityMonitor, salesStoppedMessage, type IntegrityReport } from '../integrity/integrity-check.ts';
import { createMetrics } from '../metrics/metrics.ts';
import type { SalesStop } from '../payments/sales-stop.ts';
import { developmentWebhookSecret } from '../payments/stripe/webhook-secret.ts';
import { SEAT_STREAM_WORDING } from '../seats/routes.ts';
import type { Store } from '../store/types.ts';
import { admissionKey } from '../waiting-room/admission-token.ts';
import { QUEUE_STREAM_WORDING } from '../waiting-room/routes.ts';
import { createWaitingRoom } from '../waiting-room/waiting-room.ts';
import { journalingAdmissions, journalingPayments, type ConfirmationJournal } from '../integrity/confirmation-journal.ts';
import { followChanges } from './instance-changes.ts';
import { composePayments } from './payments.ts';

/** How fresh health's integrity report is (health runs the checks at most this often; a timer too: app.ts). */
const INTEGRITY_MAX_AGE_MS = 5_000;

export interface ServicesOptions {
  config: Config;
  store: Store;
  now: () => Date;
  log: FastifyBaseLogger;
  /** DATA_DIR's high-water mark (serve.ts): compared and raised by each integrity check, and at shutdown. */
  highWaterMark?: HighWaterMark;
  /** The integrity report start-up made: in force until the first periodic check. */
  initialIntegrity?: IntegrityReport;
  /** DATA_DIR's confirmation journal (serve.ts): each payment and admission confirmed here, verified by each check. */
  confirmationJournal?: ConfirmationJournal;
}

/** The caps on open event streams: seat maps per show, waiting rooms in all. */
function streamLimiters(config: Config) {
  const { perAddress, perUser } = config.seatStreams;
  const { ipv6Prefix } = config.rateLimit;
  return {
    seats: createStreamLimiter({ ...config.seatStreams, perTopic: config.seatStreams.perShow, ipv6Prefix }, SEAT_STREAM_WORDING),
    queues: createStreamLimiter({ perAddress, perUser, perTopic: config.waitingRoomStreams.total, total: config.waitingRoomStreams.total, ipv6Prefix }, QUEUE_STREAM_WORDING),
  };
}

/**
 * Every service of one instance, each given the ports it uses. The domains below never call up the layers:
 * what they need from above is a function passed here, and this is the one place each is bound:
 *
 * - `onSeatsChanged(showId)` (bookings, payments) and `onScheduleChanged(movieId)` (shows, routes.ts): publish
 *   on the store's change bus; every instance (this one included) applies it (instance-changes.ts);
 * - `salesStop` (payments) and `saleGate` (bookings): the integrity monitor's stopped shows (seats sold twice),
 *   then the waiting room's gate;
 * - `openPayment` (bookings, routes.ts): payments' `openPaymentForHold`;
 * - `onSaleShows` (shows, routes.ts): the waiting room's on-sale marks;
 * - `isTemporaryOutage` / `isUnavailable` (http's error handler, the waiting room's routes): store/unavailable.ts.
 */
export async function composeServices({ config, store, now, log, highWaterMark, initialIntegrity, confirmationJournal }: ServicesOptions) {
  const streams = streamLimiters(config);
  const metrics = createMetrics({
    liveHeldSeats: () => store.figures.liveHeldSeats(now()),
    outboxBacklog: () => store.figures.outboxBacklog(),
    poolUse: () => store.figures.poolUse(),
    openSeatStreams: () => streams.seats.openStreams(),
    openQueueStreams: () => streams.queues.openStreams(),
    serverWaits: () => store.figures.serverWaits(),
    waitingRoomLines: () => waitingRoom.linesOfTheDay(),
    joinsHeld: () => waitingRoom.joinsHeld(),
  });
  // Every command the store sends, counted under the request it served (request-hooks.ts's first step).
  store.commands.listen(metrics.databaseCommandSent);
  // While the last integrity check found damage, writes are refused (app.ts); seats sold twice stop their show's sales.
  const integrity = createIntegrityMonitor(store, { maxAgeMs: INTEGRITY_MAX_AGE_MS, now, mark: highWaterMark, journal: confirmationJournal, initial: initialIntegrity, log });
  // Every transition goes through the repository: counted there, once, by the instance that made it; each
  // payment it confirms journaled in DATA_DIR before anyone is told (a restore is then found by what it lost).
  const bookings = journalingPayments(countingTransitions(store.bookings, metrics.bookingEntered, now), integrity.journal);
  const changes = followChanges(store, metrics);
  const onSeatsChanged = (showId: string) => void store.changes.publish({ kind: 'seats', showId });
  // The chain: the built-in one written when absent (refreshed from the code otherwise), then held in memory.
  await store.cinemas.ensure(builtInChain());
  const cinemas = createCinemaDirectory(await store.cinemas.list());

  const salesStopped = (showId: string) => {
    const sale = integrity.doubleSold(showId);
    return sale ? salesStoppedMessage(sale) : null;
  };
  // No seat sold, no payment taken, nothing released while a show's sales are stopped.
  const salesStop: SalesStop = {
    refusal: salesStopped,
    paidWhileStopped: (booking) =>
      integrity.notePaidWhileStopped({ id: booking.id, ticketCode: booking.ticketCode, showId: booking.showId, seats: booking.seats, paidAt: (booking.paidAt ?? now()).toISOString() }),
  };

  const webhookSecret = config.payments.webhookSecret ?? (await developmentWebhookSecret(config.dataDir));
  const mailer = createMailer({ outbox: store.outbox, smtpUrl: config.email.smtpUrl, from: config.email.from, timeoutMs: config.email.timeoutMs, now, log });
  const payments = composePayments({ config, store, bookings, mailer, metrics, webhookSecret, now, log, onSeatsChanged, salesStop, places: cinemas.place });

  // Admission tokens are signed with a key every instance derives from the secret they already share.
  const waitingRoom = createWaitingRoom({ repository: store.waitingRoom, admissionKey: admissionKey(webhookSecret), now, log, joinBacklog: config.waitingRoomJoinBacklog, figures: metrics });
  // Seats sold twice stop the sales of their show only; the seat map still answers.
  const saleGate: SaleGate = async (showId, caller) => {
    const stopped = salesStopped(showId);
    if (stopped && caller.accountId !== null) throw new HttpError(503, stopped);
    await waitingRoom.gate(showId, caller);
  };

  // The door: a paid ticket admitted once, in its show's admission window (CHECK_IN_* settings).
  const checkIn = createCheckInService({ bookings, checkIns: journalingAdmissions(store.checkIns, integrity.journal), shows: store.shows, cinemas, window: config.checkIn, timeZone: config.theatreTimeZone, now, unknownCodes: { perMinute: config.checkInUnknownCodesPerMinute, onThrottled: metrics.unknownCodeThrottled } });

  return { metrics, streams, bookings, changes, onSeatsChanged, integrity, mailer, payments, waitingRoom, saleGate, checkIn, cinemas };
}

export type Services = Awaited<ReturnType<typeof composeServices>>;
