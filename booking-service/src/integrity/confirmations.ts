import type { Confirmation, IntegrityRepository } from '../store/types.ts';
import type { ConfirmationJournal } from './confirmation-journal.ts';

/** A confirmation this instance made or saw that the database no longer holds: for support to settle, by name. */
export interface LostConfirmation extends Confirmation { at?: string }

/**
 * What the database's confirmation log says of what this instance knows: `wentBack` describes the entry it no
 * longer holds under its number (null when it holds them all), `lost` the confirmations it lacks altogether.
 */
interface ConfirmationFinding { wentBack: string | null; lost: LostConfirmation[]; newest: Confirmation | null }

type Log = Pick<IntegrityRepository, 'confirmationsAt'>;

/** How many of its newest own entries an instance looks up to list what a restore lost (one query). */
const LISTED = 1_000;

const same = (a: Confirmation, b: Confirmation) => a.seq === b.seq && a.bookingId === b.bookingId && a.kind === b.kind;
const named = (entry: Confirmation) => `${entry.ticketCode} (booking ${entry.bookingId}, ${entry.kind})`;

/** "EEB2REPTSK (booking 0f3…, show 9a1…, seats E5 E6; paid)": what support looks up. */
export function describeLost(entry: LostConfirmation): string {
  const seats = entry.seats?.length ? `, seats ${entry.seats.join(' ')}` : '';
  const show = entry.showId ? `, show ${entry.showId}` : '';
  return `${entry.ticketCode} (booking ${entry.bookingId}${show}${seats}; ${entry.kind === 'paid' ? 'paid' : 'admitted at the door'}${entry.at ? ` ${entry.at}` : ''})`;
}

/**
 * Checks the newest confirmation this instance made and the newest it saw against the database's log, in one
 * indexed read (cheap enough for every second). The log only grows and numbers in commit order, so an entry
 * missing, or another booking under its number, means the database went back in time. Only then are this
 * instance's other recent entries looked up, to name every confirmation the database lacks.
 */
export async function verifyConfirmations(log: Log, journal: ConfirmationJournal): Promise<ConfirmationFinding> {
  const own = journal.own();
  const seen = journal.seen();
  const known = [own.at(-1), seen].filter((entry): entry is Confirmation => entry != null);
  const { newest, found } = await log.confirmationsAt(
    known.map((entry) => entry.seq),
    [],
  );
  const missing = known.find((entry) => !found.some((held) => same(held, entry)));
  if (!missing) {
    if (newest) journal.noteSeen(newest);
    return { wentBack: null, lost: [], newest };
  }
  const held = found.find((entry) => entry.seq === missing.seq);
  const wentBack =
    `this instance ${missing === seen ? 'saw' : 'confirmed'} entry ${missing.seq} of the confirmation log as ${named(missing)}; ` +
    `the database now holds ${held ? named(held) : 'nothing'} under that number (its newest entry: ${newest ? newest.seq : 'none'})`;
  const candidates = new Map<string, LostConfirmation>();
  for (const entry of [...own.slice(-LISTED), ...(seen ? [seen] : [])]) candidates.set(`${entry.kind} ${entry.bookingId}`, entry);
  const { found: present } = await log.confirmationsAt([], [...new Set([...candidates.values()].map((entry) => entry.bookingId))]);
  for (const entry of present) candidates.delete(`${entry.kind} ${entry.bookingId}`);
  return { wentBack, lost: [...candidates.values()].sort((a, b) => a.seq - b.seq), newest };
}

/**
 * After a confirmation this instance made has committed, before it answers: the log's entry appended to the
 * journal and flushed. True when its number is not above the newest this instance had seen (another booking's):
 * the log's numbers went back, which only a database that went back in time does (the caller checks at once).
 */
export async function journalConfirmation(
  log: Pick<IntegrityRepository, 'confirmed'>,
  journal: ConfirmationJournal,
  confirmed: { bookingId: string; kind: Confirmation['kind'] },
  at: Date,
): Promise<boolean> {
  const entry = await log.confirmed(confirmed.bookingId, confirmed.kind);
  if (!entry) return false;
  const seen = journal.seen();
  journal.append(entry, at);
  return seen !== null && entry.seq <= seen.seq && !same(seen, entry);
}
