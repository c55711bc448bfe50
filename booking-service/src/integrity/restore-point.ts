import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { GrowingTotals, PaidBookingRecord, Store } from '../store/types.ts';
import type { ConfirmationJournal } from './confirmation-journal.ts';
import { verifyConfirmations, type LostConfirmation } from './confirmations.ts';
import { describeBehind, mergePaid, PAID_RETENTION_COUNT, PAID_RETENTION_DAYS, raised, type HighWaterMark, type MarkEntry, type RestoreAdoption } from './high-water-mark.ts';
import { StartupRefusal } from './store-identity.ts';

/** The file the operator writes (into DATA_DIR) to adopt a restore point: its id, used once and removed. */
const ADOPTION_FILE = 'adopt-restore-point';

/** A payment's paid_at is the service's clock at the payment, its commit a little later: read back with this overlap. */
const PAID_OVERLAP_MS = 10 * 60_000;

/** Names what a database holds: the same id for the same copy of the same store, on every instance. */
function restorePointId(identity: string, found: GrowingTotals, newestConfirmation: number | null): string {
  // The confirmation log's newest number too: a copy that lost payments but gained as many bookings since is told apart.
  const digest = createHash('sha256').update(`${identity} ${JSON.stringify(found)} ${newestConfirmation ?? ''}`).digest('hex');
  return `${identity.slice(0, 8)}-${digest.slice(0, 12)}`;
}

/** The database behind the mark: what is behind, in words, or null when it holds at least what was recorded. */
export async function behindMark(store: Store, mark: HighWaterMark, identity: string): Promise<{ found: GrowingTotals; entry: MarkEntry; behind: string } | null> {
  const entry = mark.read();
  if (!entry || entry.identity !== identity) return null;
  const found = await store.integrity.growingTotals();
  const behind = describeBehind(entry.totals, found);
  return behind ? { found, entry, behind } : null;
}

/** Raises the mark to what the database holds now, and lists the bookings paid since the last record. */
export async function recordMark(store: Store, mark: HighWaterMark, identity: string, now: Date): Promise<void> {
  const previous = mark.read();
  const entry = previous?.identity === identity ? previous : null;
  const found = await store.integrity.growingTotals();
  const since = entry ? new Date(Date.parse(entry.recordedAt) - PAID_OVERLAP_MS) : new Date(now.getTime() - PAID_RETENTION_DAYS * 24 * 3600_000);
  const paid = await store.integrity.paidSince(since, PAID_RETENTION_COUNT);
  mark.write({
    identity,
    recordedAt: now.toISOString(),
    totals: entry ? raised(entry.totals, found) : found,
    recentPaid: mergePaid(entry?.recentPaid ?? [], paid, now),
    adoptions: entry?.adoptions ?? [],
  });
}

export interface RestorePointOptions {
  dataDir: string;
  location: string;
  identity: string;
  now: Date;
  /** DATA_DIR's confirmation journal: the newest confirmations this instance made or saw must be in the database. */
  journal?: ConfirmationJournal;
  log: { warn(message: string): void };
}

/** The paid bookings the copy lacks: the mark's list (kept by every healthy check) and the journal's (every confirmation). */
function lostPaid(markLost: PaidBookingRecord[], journalLost: LostConfirmation[]): PaidBookingRecord[] {
  const byId = new Map(markLost.map((booking) => [booking.id, booking]));
  for (const entry of journalLost) {
    if (entry.kind !== 'paid' || byId.has(entry.bookingId)) continue;
    byId.set(entry.bookingId, { id: entry.bookingId, ticketCode: entry.ticketCode, showId: entry.showId ?? '', seats: entry.seats ?? [], paidAt: entry.at ?? '' });
  }
  return [...byId.values()];
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const listed = (paid: PaidBookingRecord[], admissions: LostConfirmation[]) =>
  [...paid.map((booking) => `${booking.ticketCode} (${booking.id}, seats ${booking.seats.join(' ')})`), ...admissions.map((entry) => `${entry.ticketCode} (${entry.bookingId}, admitted)`)].join(', ');

/**
 * At start: a database behind this instance's high-water mark, or lacking a confirmation this instance made or
 * saw (a restored older copy), is refused, unless the operator wrote that exact restore point's id into DATA_DIR's
 * adoption file. An adoption is used once (the file is removed) and recorded in the mark with the paid bookings
 * and admissions the copy lacks, for support to settle. A leftover adoption file that adopts nothing is removed
 * too, so it cannot adopt a later restore.
 */
export async function checkRestorePoint(store: Store, mark: HighWaterMark, options: RestorePointOptions): Promise<RestoreAdoption | null> {
  const adoptionFile = path.join(options.dataDir, ADOPTION_FILE);
  const wanted = existsSync(adoptionFile) ? readFileSync(adoptionFile, 'utf8').trim() : null;
  const found = await behindMark(store, mark, options.identity);
  const confirmations = options.journal ? await verifyConfirmations(store.integrity, options.journal) : null;
  if (!found && !confirmations?.wentBack) {
    if (wanted !== null) {
      rmSync(adoptionFile, { force: true });
      options.log.warn(`${adoptionFile} named restore point ${wanted}, but the database is not behind its high-water mark: nothing to adopt; the file is removed`);
    }
    return null;
  }
  const totals = found?.found ?? (await store.integrity.growingTotals());
  const restorePoint = restorePointId(options.identity, totals, confirmations?.newest?.seq ?? null);
  const recentPaid = found?.entry.recentPaid ?? [];
  const paidHere = new Set(await store.integrity.paidAmong(recentPaid.map((booking) => booking.id)));
  const lost = lostPaid(recentPaid.filter((booking) => !paidHere.has(booking.id)), confirmations?.lost ?? []);
  const lostAdmissions = (confirmations?.lost ?? []).filter((entry) => entry.kind === 'admitted');
  const what = [found ? `is behind what this instance recorded on ${found.entry.recordedAt}: ${found.behind}` : null, confirmations?.wentBack ? `went back in time: ${confirmations.wentBack}` : null]
    .filter(Boolean)
    .join('; and it ');
  if (wanted !== restorePoint) {
    const named = wanted === null ? '' : ` (${adoptionFile} names ${wanted || 'nothing'}, not this restore point)`;
    const admissions = lostAdmissions.length ? ` and ${plural(lostAdmissions.length, 'admission', 'admissions')}` : '';
    throw new StartupRefusal(
      `The database at ${options.location} ${what}: a restored copy? ${plural(lost.length, 'paid booking', 'paid bookings')}${admissions} recorded since are not in it` +
        `${lost.length + lostAdmissions.length ? `: ${listed(lost, lostAdmissions)}` : ''}${named}. Put the newest copy back; or, to serve this restore point ` +
        `knowingly (the lost bookings are then listed for support to settle), write its id into DATA_DIR once: echo ${restorePoint} > ${adoptionFile}, then start again.`,
    );
  }
  const entry = found?.entry ?? ((e) => (e?.identity === options.identity ? e : null))(mark.read());
  const recorded = entry?.totals ?? totals;
  const adoption: RestoreAdoption = { restorePoint, adoptedAt: options.now.toISOString(), recorded, found: totals, lost, ...(lostAdmissions.length && { lostAdmissions }) };
  mark.write({
    identity: options.identity,
    recordedAt: options.now.toISOString(),
    // The one time the mark goes down: to the restore point the operator adopted.
    totals: found ? found.found : recorded,
    recentPaid: (entry?.recentPaid ?? []).filter((booking) => !lost.some((gone) => gone.id === booking.id)),
    adoptions: [...(entry?.adoptions ?? []), adoption],
  });
  options.journal?.adopt(restorePoint, confirmations?.newest ?? null, options.now);
  rmSync(adoptionFile, { force: true });
  options.log.warn(
    `adopted restore point ${restorePoint} of the database at ${options.location} (it ${what}); ${plural(lost.length, 'paid booking', 'paid bookings')} and ` +
      `${plural(lostAdmissions.length, 'admission', 'admissions')} it lacks, for support to settle (GET /api/debug/integrity): ${listed(lost, lostAdmissions) || 'none'}`,
  );
  return adoption;
}
