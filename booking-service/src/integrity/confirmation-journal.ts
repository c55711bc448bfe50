import { existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { BookingRepository } from '../bookings/booking-repository.ts';
import type { CheckInRepository } from '../check-in/check-in-repository.ts';
import type { Confirmation } from '../store/types.ts';
import { StartupRefusal } from './store-identity.ts';

/**
 * This instance's own record of what it confirmed, kept in DATA_DIR outside the database: each
 * payment and admission it confirmed, with the number the database's confirmation log gave it, appended and
 * flushed to disk before the caller is answered; and the newest entry it has seen in the log (any instance's).
 * A database that no longer holds one of these under its number went back in time (a restored copy, a failover
 * that lost transactions, a crash of a store whose last writes were not durable): the bookings are named from
 * here, since the restored database may not know them at all. The bookings' and the door's repositories are
 * wrapped (`journalingPayments`, `journalingAdmissions`) so that every confirmation is journaled before its answer.
 */
export const JOURNAL_FILE = 'confirmation-journal.jsonl';
const SEEN_FILE = 'confirmation-seen.json';

/** How many of its own newest entries an instance keeps in memory to list what a restore lost. */
const KEPT_ENTRIES = 20_000;

const Kind = z.enum(['paid', 'admitted']);
const Entry = z.object({
  location: z.string(),
  seq: z.number(),
  kind: Kind,
  bookingId: z.string(),
  ticketCode: z.string(),
  showId: z.string().optional(),
  seats: z.array(z.string()).optional(),
  at: z.string(),
});
/** A restore point adopted: the entries before it are history, the database's newest entry then is where it continues. */
const Adopted = z.object({ location: z.string(), adopted: z.string(), at: z.string(), newest: z.number().nullable() });
const Seen = z.record(z.string(), z.object({ seq: z.number(), kind: Kind, bookingId: z.string(), ticketCode: z.string(), showId: z.string().optional(), seats: z.array(z.string()).optional() }));

type JournalEntry = z.infer<typeof Entry>;

export interface ConfirmationJournal {
  readonly file: string;
  /** Appends the confirmation and flushes it to disk (fsync): it survives a crash right after the answer. */
  append(confirmation: Confirmation, at: Date): void;
  /** This instance's own entries since the last adoption, oldest first (the newest KEPT_ENTRIES). */
  own(): JournalEntry[];
  /** The newest log entry this instance has seen, or null. */
  seen(): Confirmation | null;
  /** Remembers a newer entry seen in the log (kept in DATA_DIR: a restart still knows it). */
  noteSeen(entry: Confirmation): void;
  /** The operator adopted a restore point: what came before is history; the log's newest entry is seen. */
  adopt(restorePoint: string, newest: Confirmation | null, at: Date): void;
}

function refuse(file: string, problem: string): never {
  throw new StartupRefusal(
    `${file} is not a confirmation journal the service wrote (${problem}): it cannot tell whether the database lost confirmed payments. ` +
      'Restore the file from a backup, or move it aside if you know the database is the newest.',
  );
}

/** Reads the journal's lines of this location since its last adoption (a torn last line, from a crash mid-append, is skipped). */
function readOwn(file: string, location: string): JournalEntry[] {
  if (!existsSync(file)) return [];
  const lines = readFileSync(file, 'utf8').split('\n');
  let own: JournalEntry[] = [];
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch (error) {
      if (i === lines.length - 1) return; // the append a crash interrupted: it was never answered
      refuse(file, `line ${i + 1}: ${(error as Error).message}`);
    }
    const adopted = Adopted.safeParse(parsed);
    if (adopted.success) {
      if (adopted.data.location === location) own = [];
      return;
    }
    const entry = Entry.safeParse(parsed);
    if (!entry.success) refuse(file, `line ${i + 1}: ${entry.error.issues[0]?.message ?? 'not an entry'}`);
    if (entry.data.location === location) own.push(entry.data);
  });
  return own.slice(-KEPT_ENTRIES);
}

export function openConfirmationJournal(dataDir: string, location: string): ConfirmationJournal {
  const file = path.join(dataDir, JOURNAL_FILE);
  const seenFile = path.join(dataDir, SEEN_FILE);
  const own = readOwn(file, location);
  let seenAll: z.infer<typeof Seen> = {};
  if (existsSync(seenFile)) {
    try {
      const parsed = Seen.safeParse(JSON.parse(readFileSync(seenFile, 'utf8')));
      if (!parsed.success) refuse(seenFile, parsed.error.issues[0]?.message ?? 'not a seen entry');
      seenAll = parsed.data;
    } catch (error) {
      if (error instanceof StartupRefusal) throw error;
      refuse(seenFile, (error as Error).message);
    }
  }
  let fd: number | null = null;

  function write(line: object) {
    if (fd === null) {
      mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      fd = openSync(file, 'a', 0o600);
    }
    writeSync(fd, `${JSON.stringify(line)}\n`);
    // Durable before the payment or admission is confirmed to the caller: what a crash a moment later must not lose.
    fsyncSync(fd);
  }

  function writeSeen() {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    // Written whole, then renamed: a crash leaves the old entry or the new, never half of one.
    const partial = `${seenFile}.partial`;
    writeFileSync(partial, JSON.stringify(seenAll), { mode: 0o600 });
    renameSync(partial, seenFile);
  }

  return {
    file,
    append(confirmation, at) {
      const entry: JournalEntry = { location, ...confirmation, at: at.toISOString() };
      write(entry);
      own.push(entry);
      if (own.length > KEPT_ENTRIES) own.splice(0, own.length - KEPT_ENTRIES);
    },
    own: () => own,
    seen: () => seenAll[location] ?? null,
    noteSeen(entry) {
      if ((seenAll[location]?.seq ?? -1) >= entry.seq) return;
      seenAll = { ...seenAll, [location]: entry };
      writeSeen();
    },
    adopt(restorePoint, newest, at) {
      write({ location, adopted: restorePoint, at: at.toISOString(), newest: newest?.seq ?? null });
      own.length = 0;
      const { [location]: _, ...others } = seenAll;
      seenAll = newest ? { ...others, [location]: newest } : others;
      writeSeen();
    },
  };
}

/** Journals a confirmation this instance just committed (the integrity monitor's `journal`: the log's entry, flushed here). */
type JournalConfirmed = (confirmed: { bookingId: string; kind: Confirmation['kind'] }) => Promise<void>;

/**
 * Every payment this instance confirms passes through the repository's one guarded update (bookings/booking-state-machine.ts):
 * a change into `paid` that this call made is journaled after its commit and before the caller (checkout, webhook,
 * support, reconciliation) answers anyone. The sample sales of the seed are the store's own and not confirmations of
 * this instance.
 */
export function journalingPayments(bookings: BookingRepository, journal: JournalConfirmed): BookingRepository {
  return {
    ...bookings,
    async updateIf(id, update) {
      const result = await bookings.updateIf(id, update);
      if (result?.changed && update.changes.status === 'paid') await journal({ bookingId: id, kind: 'paid' });
      return result;
    },
  };
}

/** The door's one admission of a ticket, journaled the same way before the door is told "admitted". */
export function journalingAdmissions(checkIns: CheckInRepository, journal: JournalConfirmed): CheckInRepository {
  return {
    ...checkIns,
    async admit(entry) {
      const result = await checkIns.admit(entry);
      if (result.admitted) await journal({ bookingId: entry.bookingId, kind: 'admitted' });
      return result;
    },
  };
}
