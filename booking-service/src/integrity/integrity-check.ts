import type { Confirmation, DoubleSale, HistoryDamage, PaidBookingRecord, Store, TableCounts } from '../store/types.ts';
import type { ConfirmationJournal } from './confirmation-journal.ts';
import { describeLost, journalConfirmation, verifyConfirmations, type LostConfirmation } from './confirmations.ts';
import type { HighWaterMark } from './high-water-mark.ts';
import { behindMark, recordMark } from './restore-point.ts';
import { repairStaleIndexes } from './stale-indexes.ts';
import type { ScreenOverlap } from '../shows/screen-schedule.ts';

/**
 * What the integrity checks found: healthy, or each problem with what to do about it. Seats sold twice
 * do not make the database unhealthy: they stop the sales of their show only (the others keep selling).
 */
export interface IntegrityReport {
  healthy: boolean;
  problems: string[];
  doubleSold: DoubleSale[];
  /**
   * Seats of overlapping live shows on one screen (stored before migration 0020's rule, kept): listed for staff to settle
   * (GET /api/admin/shows/conflicts). Like seats sold twice, they do not make the database unhealthy.
   */
  scheduleOverlaps: ScreenOverlap[];
  /** Confirmed payments and admissions the database no longer holds (it went back in time), by name. */
  lostConfirmations: LostConfirmation[];
  /** The database no longer holds a confirmation this instance made or saw under its number. */
  wentBack: boolean;
  checkedAt: Date;
}

/** What a check compares beyond the database itself: this instance's own records (DATA_DIR) and index findings. */
export interface IntegrityWitnesses {
  /** The confirmations this instance made and saw: the newest must still be in the database's log. */
  journal?: ConfirmationJournal;
  /** The guarding indexes found damaged by the last index check (checked less often: integrity/stale-indexes.ts). */
  damagedIndexes?: () => string[];
}

const RESTORE = 'Stop the service and restore the database from a backup.';

const TABLES: Record<keyof TableCounts, string> = { movies: 'movies', shows: 'shows', bookings: 'bookings' };

/**
 * Checks that the database is whole: it still has its identity record (written when the service
 * first set it up), every core table can be read, no core table holds fewer rows than it once did
 * (the service never deletes a movie, show or booking), and the seat ledger matches the live
 * bookings. A healthy check raises the recorded row counts.
 */
export async function checkIntegrity(store: Store, now: Date, mark?: HighWaterMark, witnesses: IntegrityWitnesses = {}): Promise<IntegrityReport> {
  const problems: string[] = [];
  let doubleSold: DoubleSale[] = [];
  let scheduleOverlaps: ScreenOverlap[] = [];
  let lostConfirmations: LostConfirmation[] = [];
  let wentBack = false;
  const report = () => ({ healthy: problems.length === 0, problems, doubleSold, scheduleOverlaps, lostConfirmations, wentBack, checkedAt: now });

  // The identity (with the most rows recorded) is read before the rows are counted: another check
  // may record higher counts meanwhile, but never more rows than the tables hold when counted after.
  let identity: Awaited<ReturnType<Store['integrity']['identity']>>;
  let counts: TableCounts;
  try {
    identity = await store.integrity.identity();
    counts = await store.integrity.countRows();
  } catch (error) {
    problems.push(`${(error as Error).message}. ${RESTORE}`);
    return report();
  }
  if (!identity) {
    problems.push(`The database has lost its identity record: it was emptied or replaced while the service ran. ${RESTORE}`);
    return report();
  }
  for (const table of Object.keys(TABLES) as (keyof TableCounts)[]) {
    if (counts[table] < identity.seen[table]) {
      problems.push(
        `The ${TABLES[table]} table holds ${counts[table]} rows but held ${identity.seen[table]}: rows were removed (the service never deletes any). ${RESTORE}`,
      );
    }
  }
  const ledger = await store.integrity.ledgerMismatches();
  if (ledger.bookingsMissingSeats > 0) {
    problems.push(
      `${ledger.bookingsMissingSeats} held or paid booking${ledger.bookingsMissingSeats === 1 ? ' has' : 's have'} seats missing from the seat ledger: ` +
        `seat maps show those seats free and they could be sold twice. ${RESTORE}`,
    );
  }
  if (ledger.seatsWithoutLiveBooking > 0) {
    problems.push(`${ledger.seatsWithoutLiveBooking} seats in the seat ledger belong to cancelled bookings: they cannot be sold. ${RESTORE}`);
  }
  for (const damage of await store.integrity.historyDamage()) problems.push(describeHistoryDamage(damage));
  doubleSold = await store.integrity.doubleSales();
  scheduleOverlaps = await store.shows.overlaps();
  const behind = mark ? await behindMark(store, mark, identity.id) : null;
  if (behind) {
    problems.push(
      `The database is behind what this instance recorded in ${mark!.file} on ${behind.entry.recordedAt}: ${behind.behind}: ` +
        'a restored copy, or a failover to a replica that lost transactions? Sales are stopped. Put the newest copy back, or stop the service and adopt this restore point (docs/operators/backup-and-restore.md).',
    );
  }
  if (witnesses.journal) {
    const finding = await verifyConfirmations(store.integrity, witnesses.journal);
    if (finding.wentBack) {
      wentBack = true;
      lostConfirmations = finding.lost;
      problems.push(wentBackProblem(witnesses.journal.file, finding.wentBack, finding.lost));
    }
  }
  problems.push(...(witnesses.damagedIndexes?.() ?? []));
  if (problems.length === 0) {
    await store.integrity.recordSeen(counts);
    if (mark) await recordMark(store, mark, identity.id, now);
  }
  return report();
}

/** The database went back in time under a running instance: what it lacks, by name, and what to do. */
function wentBackProblem(journalFile: string, wentBack: string, lost: LostConfirmation[]): string {
  return (
    `The database went back in time: ${wentBack} (${journalFile}). ${lost.length} confirmed payment${lost.length === 1 ? ' or admission is' : 's or admissions are'} ` +
    `no longer in it${lost.length ? `: ${lost.map(describeLost).join(', ')}` : ''}. A restored copy, or a failover to a replica that lost transactions? ` +
    'Sales are stopped. Put the newest copy back, or stop the service and adopt this restore point (docs/operators/backup-and-restore.md).'
  );
}

/** What support reads when seats are sold twice: the show, the seats, the bookings, and what to do. */
export function describeDoubleSale(sale: DoubleSale): string {
  return (
    `Seats ${sale.seats.join(', ')} of show ${sale.showId} are held by more than one live booking (${sale.bookingIds.join(', ')}): ` +
    'its sales are stopped. Settle the bookings (refund or move all but one), then rebuild the seat index (REINDEX INDEX seat_reservations_show_id_seat_pk) and restore it from a backup if that fails.'
  );
}

/** What support reads of two live shows of one screen that overlap: what was sold of each, and what to do. */
export function describeScheduleOverlap({ screenId, shows: [a, b] }: ScreenOverlap): string {
  const show = (o: ScreenOverlap['shows'][number]) => `${o.title} (show ${o.showId}, ${o.startsAt.toISOString()} to ${o.readyAt.toISOString()}, ${o.seatsSold} seats sold)`;
  return `Screen ${screenId} has two live shows at once: ${show(a)} and ${show(b)}. Staff cancel or move one (GET /api/admin/shows/conflicts).`;
}

/** The answer (503) to buying or paying for seats of a show whose sales are stopped. */
export function salesStoppedMessage(sale: DoubleSale): string {
  return `Sales of show ${sale.showId} are stopped: seats ${sale.seats.join(', ')} were sold twice and support is settling them.`;
}

function describeHistoryDamage(damage: HistoryDamage): string {
  switch (damage.kind) {
    case 'rows-lost':
      return `The ${damage.table} table holds ${damage.rows} rows but ${damage.inserted} were written to it: ${damage.inserted - damage.rows} lost (its rows are never removed). ${RESTORE}`;
    case 'rows-unaccounted':
      return `The ${damage.table} table holds ${damage.rows} rows, more than the ${damage.inserted} the service wrote: rows were written behind the service, or its row ledger was damaged. ${RESTORE}`;
    case 'unguarded':
      return `The ${damage.table} table lost its guard ${damage.guard} (a trigger that counts its rows or refuses their removal was dropped or disabled): its history can no longer be vouched for. ${RESTORE}`;
  }
}

/** The integrity checks as health and the write guard use them: at most one run at a time, reused while fresh. */
export interface IntegrityMonitor {
  /** A report no older than the monitor's maximum age (a run that fails to read the database throws). */
  check(): Promise<IntegrityReport>;
  /** A new report whatever the age of the last (at shutdown: the high-water mark is recorded once more). */
  checkNow(): Promise<IntegrityReport>;
  /** The last report, or null before the first check. */
  latest(): IntegrityReport | null;
  /** The seats of this show the last report found sold twice, or null. */
  doubleSold(showId: string): DoubleSale | null;
  /** A payment the provider took anyway for a booking of a stopped show: listed for support to settle. */
  notePaidWhileStopped(booking: PaidBookingRecord): void;
  /** Those payments, oldest first (kept by this instance until it stops; each is in the log too). */
  paidWhileStopped(): PaidBookingRecord[];
  /**
   * A payment or admission this instance just confirmed (committed): journaled and flushed before the caller is
   * answered. A number not above the newest seen makes a full check run at once.
   */
  journal(confirmed: { bookingId: string; kind: Confirmation['kind'] }): Promise<void>;
  /** The cheap watch (every second): the newest known confirmations against the log; a full check when that changes. */
  watchConfirmations(): Promise<void>;
  /** The guarding indexes checked against their tables (less often: they are read whole); a full check when that changes. */
  checkIndexes(): Promise<void>;
}

export interface IntegrityMonitorOptions {
  maxAgeMs: number;
  now: () => Date;
  /** DATA_DIR's high-water mark: compared at each check, raised by each healthy one. */
  mark?: HighWaterMark;
  /** DATA_DIR's confirmation journal: appended at each confirmation, its newest entries verified at each check. */
  journal?: ConfirmationJournal;
  /** The report start-up made, until the first check. */
  initial?: IntegrityReport;
  /** Where a rebuilt index is told. */
  log?: { warn(message: string): void };
}

export function createIntegrityMonitor(store: Store, options: IntegrityMonitorOptions): IntegrityMonitor {
  let last: IntegrityReport | null = options.initial ?? null;
  let running: Promise<IntegrityReport> | null = null;
  let damagedIndexes: string[] = [];
  const paidWhileStopped = new Map<string, PaidBookingRecord>();
  const { journal } = options;
  function run() {
    running ??= checkIntegrity(store, options.now(), options.mark, { journal, damagedIndexes: () => damagedIndexes })
      .then((report) => (last = report))
      .finally(() => (running = null));
    return running;
  }
  async function runNow() {
    await running?.catch(() => {});
    return run();
  }
  return {
    check() {
      if (last && options.now().getTime() - last.checkedAt.getTime() < options.maxAgeMs) return Promise.resolve(last);
      return run();
    },
    checkNow: runNow,
    latest: () => last,
    doubleSold: (showId) => last?.doubleSold.find((sale) => sale.showId === showId) ?? null,
    notePaidWhileStopped: (booking) => void paidWhileStopped.set(booking.id, booking),
    paidWhileStopped: () => [...paidWhileStopped.values()],
    async journal(confirmed) {
      if (!journal) return;
      if (await journalConfirmation(store.integrity, journal, confirmed, options.now())) void runNow().catch(() => {});
    },
    async watchConfirmations() {
      if (!journal) return;
      const finding = await verifyConfirmations(store.integrity, journal);
      if ((finding.wentBack !== null) !== (last?.wentBack ?? false)) await runNow();
    },
    async checkIndexes() {
      // As at start: a stale index rebuilt from its table (REINDEX blocks that table's writes while it runs);
      // one that cannot be stops sales; a seat index refused for a seat held twice is the double sale's.
      const { problems: found } = await repairStaleIndexes(store.integrity, { log: options.log ?? console });
      const changed = found.join('\n') !== damagedIndexes.join('\n');
      damagedIndexes = found;
      if (changed) await runNow();
    },
  };
}
