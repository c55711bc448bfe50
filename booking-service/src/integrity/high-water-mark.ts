import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { GrowingTotals, PaidBookingRecord } from '../store/types.ts';
import { StartupRefusal } from './store-identity.ts';

/**
 * The high-water mark: what this instance last saw the database hold, kept in DATA_DIR, outside the
 * database, so that a restored older copy (same identity, fewer bookings) is recognised instead of
 * served as current. It only grows, except when the operator adopts a restore point (restore-point.ts).
 */
export const HIGH_WATER_FILE = 'store-high-water.json';

/** How long a paid booking stays listed in the mark: a restore of an older backup cannot name the ones before. */
export const PAID_RETENTION_DAYS = 35;
/** At most this many paid bookings listed (the newest), so the file stays small. */
export const PAID_RETENTION_COUNT = 20_000;

const Totals = z.object({ bookings: z.number(), paidBookings: z.number(), emails: z.number(), webhookEvents: z.number() });
const PaidBooking = z.object({ id: z.string(), ticketCode: z.string(), showId: z.string(), seats: z.array(z.string()), paidAt: z.string() });
/** A confirmation (payment or admission) this instance's journal knew and the adopted copy lacks. */
const LostConfirmation = z.object({
  seq: z.number(),
  kind: z.enum(['paid', 'admitted']),
  bookingId: z.string(),
  ticketCode: z.string(),
  showId: z.string().optional(),
  seats: z.array(z.string()).optional(),
  at: z.string().optional(),
});
const Adoption = z.object({
  restorePoint: z.string(),
  adoptedAt: z.string(),
  recorded: Totals,
  found: Totals,
  /** Bookings paid after the backup: the mark knew them, the restored copy lacks them. */
  lost: z.array(PaidBooking),
  /** Admissions at the door after the backup (confirmation journal): the ticket may be shown again. */
  lostAdmissions: z.array(LostConfirmation).optional(),
});
const Entry = z.object({
  identity: z.string(),
  recordedAt: z.string(),
  totals: Totals,
  recentPaid: z.array(PaidBooking),
  adoptions: z.array(Adoption),
});
const MarkFile = z.record(z.string(), Entry);

export type MarkEntry = z.infer<typeof Entry>;
export type RestoreAdoption = z.infer<typeof Adoption>;

const TOTAL_NAMES: Record<keyof GrowingTotals, string> = {
  bookings: 'bookings',
  paidBookings: 'paid bookings',
  emails: 'emails',
  webhookEvents: 'payment events',
};

/** "bookings 1,204 recorded, 1,198 here; paid bookings 300 recorded, 297 here", or null when nothing is behind. */
export function describeBehind(recorded: GrowingTotals, found: GrowingTotals): string | null {
  const behind = (Object.keys(TOTAL_NAMES) as (keyof GrowingTotals)[])
    .filter((name) => found[name] < recorded[name])
    .map((name) => `${TOTAL_NAMES[name]} ${recorded[name].toLocaleString('en')} recorded, ${found[name].toLocaleString('en')} here`);
  return behind.length === 0 ? null : behind.join('; ');
}

/** The mark of one database location in one DATA_DIR file. */
export interface HighWaterMark {
  readonly file: string;
  /** The entry for this location, or null before the first record. */
  read(): MarkEntry | null;
  write(entry: MarkEntry): void;
}

export function openHighWaterMark(dataDir: string, location: string): HighWaterMark {
  const file = path.join(dataDir, HIGH_WATER_FILE);

  function readAll(): z.infer<typeof MarkFile> {
    if (!existsSync(file)) return {};
    let problem: string;
    try {
      const parsed = MarkFile.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      if (parsed.success) return parsed.data;
      problem = parsed.error.issues[0]?.message ?? 'not a high-water mark';
    } catch (error) {
      problem = (error as Error).message;
    }
    throw new StartupRefusal(
      `${file} is not a high-water mark the service wrote (${problem}): it cannot tell whether the database is an older copy. ` +
        'Restore the file from a backup, or delete it if you know the database is the newest.',
    );
  }

  return {
    file,
    read: () => readAll()[location] ?? null,
    write(entry) {
      const all = { ...readAll(), [location]: entry };
      mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      // Written whole, then renamed: a crash leaves the old mark or the new, never half of one.
      const partial = `${file}.partial`;
      writeFileSync(partial, JSON.stringify(all, null, 1), { mode: 0o600 });
      renameSync(partial, file);
    },
  };
}

/** The listed paid bookings with these added (the newest first), pruned to the retention window. */
export function mergePaid(kept: PaidBookingRecord[], added: PaidBookingRecord[], now: Date): PaidBookingRecord[] {
  const byId = new Map(kept.map((booking) => [booking.id, booking]));
  for (const booking of added) byId.set(booking.id, booking);
  const oldest = now.getTime() - PAID_RETENTION_DAYS * 24 * 3600_000;
  return [...byId.values()]
    .filter((booking) => Date.parse(booking.paidAt) >= oldest)
    .sort((a, b) => b.paidAt.localeCompare(a.paidAt))
    .slice(0, PAID_RETENTION_COUNT);
}

/** Each total the larger of the two: the mark never goes down by recording. */
export function raised(recorded: GrowingTotals, found: GrowingTotals): GrowingTotals {
  return {
    bookings: Math.max(recorded.bookings, found.bookings),
    paidBookings: Math.max(recorded.paidBookings, found.paidBookings),
    emails: Math.max(recorded.emails, found.emails),
    webhookEvents: Math.max(recorded.webhookEvents, found.webhookEvents),
  };
}
