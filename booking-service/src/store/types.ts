import type { ReportRepository } from '../admin/report-repository.ts';
import type { BookingRepository } from '../bookings/booking-repository.ts';
import type { CheckInRepository } from '../check-in/check-in-repository.ts';
import type { CinemaRepository } from '../cinemas/cinema-repository.ts';
import type { CommandTap } from '../metrics/database-commands.ts';
import type { OutboxRepository } from '../email/outbox.ts';
import type { CheckoutSessionRepository } from '../payments/local/checkout-session.ts';
import type { WebhookEventRepository } from '../payments/webhook-events.ts';
import type { MovieRepository, ShowRepository } from '../shows/show-repository.ts';
import type { UserRepository } from '../users/user-repository.ts';
import type { SupportActionRepository } from '../support/support-actions.ts';
import type { WaitingRoomRepository } from '../waiting-room/waiting-room-repository.ts';

/**
 * The store the domains talk to (its records are the domains' models). Each database adapter
 * (PGlite/PostgreSQL, MongoDB) implements these interfaces with the same behaviour, and the
 * repository contract tests run against every adapter.
 */

/** Rows of the core tables the service never deletes from. */
export interface TableCounts { movies: number; shows: number; bookings: number }

/** The database's identity: written once when the service first set it up. */
export interface StoreIdentity {
  id: string;
  createdAt: Date;
  /** The most rows each core table has held (recorded by the integrity checks). */
  seen: TableCounts;
}

/**
 * A history table (its rows are never removed) that does not hold what was written to it: fewer rows
 * than were inserted (lost), more (written behind the service, or its row ledger damaged), or its
 * guard against removal is gone (PostgreSQL's triggers, migration 0007).
 */
export type HistoryDamage =
  | { table: string; kind: 'rows-lost' | 'rows-unaccounted'; rows: number; inserted: number }
  | { table: string; kind: 'unguarded'; guard: string };

/**
 * Totals that only grow while the service runs (history is never removed, a payment is never undone):
 * the high-water mark (integrity/high-water-mark.ts) keeps them outside the database, so a restored
 * older copy is recognised.
 */
export interface GrowingTotals { bookings: number; paidBookings: number; emails: number; webhookEvents: number }

/** A paid booking as the high-water mark remembers it, to list it for support if a restore loses it. */
export interface PaidBookingRecord { id: string; ticketCode: string; showId: string; seats: string[]; paidAt: string }

/**
 * An entry of the confirmation log (PostgreSQL: migration 0019, written by the database in the transaction that
 * confirms; MongoDB: a counter and a log collection): a payment or an admission, numbered in commit order. The
 * booking's show and seats come with it where the database still has the booking (for support's list).
 */
export interface Confirmation { seq: number; kind: 'paid' | 'admitted'; bookingId: string; ticketCode: string; showId?: string; seats?: string[] }

/** Seats of one show held by more than one live (held or paid) booking: a double sale. */
export interface DoubleSale { showId: string; seats: string[]; bookingIds: string[] }

/** An index that does not match its table (PostgreSQL's amcheck): a stale copy of its file, or damage. */
export interface DamagedIndex { index: string; table: string; problem: string }

/**
 * The indexes that guard seats and money, checked against their tables: or why they could not be
 * (no amcheck on the server, no right to create it, a store without it).
 */
export type IndexVerification = { checked: true; indexes: number; damaged: DamagedIndex[] } | { checked: false; reason: string };

/** Rebuilding an index from its table: done, or refused because the table holds a key twice (named). */
export type IndexRebuild = { rebuilt: true } | { rebuilt: false; duplicate: string };

/** What the integrity checks (src/integrity/) read; every store answers the same questions. */
export interface IntegrityRepository {
  /** The identity record, or null when the database has none (new, or emptied). */
  identity(): Promise<StoreIdentity | null>;
  /** Writes the identity if the database has none (one wins among several instances); the identity now stored. */
  initialise(identity: { id: string; createdAt: Date }): Promise<StoreIdentity>;
  /** Reads every core table; throws an error naming the table that cannot be read. */
  countRows(): Promise<TableCounts>;
  /** Raises the recorded most rows to these counts (never lowers them). */
  recordSeen(counts: TableCounts): Promise<void>;
  /**
   * The seat ledger against the bookings: live (held or paid) bookings whose seats the ledger does
   * not hold, and ledger entries of no live booking.
   */
  ledgerMismatches(): Promise<{ bookingsMissingSeats: number; seatsWithoutLiveBooking: number }>;
  /**
   * Each history table's rows against what was ever inserted into it, and its guard against removal.
   * Empty when whole. A store that cannot keep such a ledger (MongoDB) answers empty: its tables are
   * checked by their most rows seen only.
   */
  historyDamage(): Promise<HistoryDamage[]>;
  /** The totals the high-water mark compares (read from the tables themselves). */
  growingTotals(): Promise<GrowingTotals>;
  /** Bookings paid at or after `since` (at most `limit`, newest first). */
  paidSince(since: Date, limit: number): Promise<PaidBookingRecord[]>;
  /** Which of these booking ids this database holds as paid. */
  paidAmong(ids: string[]): Promise<string[]>;
  /**
   * Seats held by two or more live bookings of one show, read so that no index can hide them
   * (PostgreSQL: index scans off, from the bookings' own seat lists).
   */
  doubleSales(): Promise<DoubleSale[]>;
  /** Checks every index of the seat and money tables against its table (each heap row in it). */
  verifyIndexes(): Promise<IndexVerification>;
  /** Rebuilds an index from its table; throws when it fails for another reason than a duplicate key. */
  rebuildIndex(index: string): Promise<IndexRebuild>;
  /**
   * The log's entry for a confirmation this instance has just made (the booking paid, or admitted), with the
   * booking's show and seats: PostgreSQL's trigger wrote it in the confirming transaction, read back here; MongoDB
   * (no multi-document transactions on FerretDB) numbers and logs it here, right after the confirming write. Null if none.
   */
  confirmed(bookingId: string, kind: Confirmation['kind']): Promise<Confirmation | null>;
  /** One read: the log's newest entry, the entries at these numbers, and every entry of these bookings. */
  confirmationsAt(seqs: number[], bookingIds: string[]): Promise<{ newest: Confirmation | null; found: Confirmation[] }>;
}

/**
 * What changed, for the instances' read caches and live seat maps. `resync` means
 * changes may have been missed (the listening connection dropped): forget everything.
 */
/**
 * A change, as published. `sentAt` (ms since the epoch) is when the database sent it: set on the changes
 * heard through PostgreSQL's LISTEN/NOTIFY (migration 0010), for the notification lag metric.
 */
export type Change = { kind: 'seats'; showId: string; sentAt?: number } | { kind: 'schedule'; movieId: string; sentAt?: number } | { kind: 'resync' };

/** Changes shared by every service instance on one database. */
export interface ChangeBus {
  /** Tells this instance's subscribers at once; the other instances hear of it through the database. */
  publish(change: Change): Promise<void>;
  /** Calls `listener` for every change published on any instance; returns the unsubscribe. */
  subscribe(listener: (change: Change) => void): () => void;
  /**
   * True when other instances' changes arrive through the bus (PostgreSQL LISTEN/NOTIFY,
   * MongoDB change streams, or a store only one process can open); false when watchers
   * must poll the database to see them (MongoDB without change streams).
   */
  readonly crossInstance: boolean;
}

/** What the metrics read from the store when scraped: each cheap (an index range, or no query at all). */
export interface OperatingFigures {
  /** Seats of unpaid holds that have not ended by `now`. */
  liveHeldSeats(now: Date): Promise<number>;
  /** Emails not sent yet that are still to be tried. */
  outboxBacklog(): Promise<number>;
  /** The connection pool's use, where the store has one (node-postgres); null elsewhere. */
  poolUse(): { total: number; idle: number; waiting: number } | null;
  /**
   * The database server's waits an on-sale watches (PostgreSQL): sessions of this database waiting on a lock, and
   * the share of the NOTIFY queue in use (0-1; at 1 every notifying commit fails). null where there is no such figure.
   */
  serverWaits(): Promise<{ lockWaits: number; notificationQueueUsage: number } | null>;
}

export interface Store {
  /** Changes published by every instance on this database. */
  changes: ChangeBus;
  /** The chain's cinemas and screens. */
  cinemas: CinemaRepository;
  movies: MovieRepository;
  shows: ShowRepository;
  bookings: BookingRepository;
  users: UserRepository;
  outbox: OutboxRepository;
  webhookEvents: WebhookEventRepository;
  checkoutSessions: CheckoutSessionRepository;
  reports: ReportRepository;
  supportActions: SupportActionRepository;
  /** The doors' check-in log: every scan, and each booking's one admission. */
  checkIns: CheckInRepository;
  /** On-sale events and their queues (MongoDB refuses them). */
  waitingRoom: WaitingRoomRepository;
  integrity: IntegrityRepository;
  /** Figures for the metrics, read at scrape time. */
  figures: OperatingFigures;
  /** Each command sent to the database, as it is answered (the metrics count them by request). */
  commands: CommandTap;
  readonly driver: string;
  close(): Promise<void>;
}
