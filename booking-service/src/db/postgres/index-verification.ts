import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../database.ts';
import type { DamagedIndex, IndexRebuild, IndexVerification } from '../../store/types.ts';

/**
 * The tables a moviegoer's seats and money live in. Their indexes decide whether a seat is free (the seat
 * ledger's primary key), find a booking by its payment, and record a provider's event once: a stale copy of
 * one (an older file put back, a build that did not finish) would let a seat or a payment through twice.
 */
const GUARDED_TABLES = ['seat_reservations', 'bookings', 'checkout_sessions', 'webhook_events', 'outbox'];

/** amcheck answers these when it is there but not ours to use: no check, not damage. */
const NOT_PERMITTED = new Set(['42501', '42883']);
const UNIQUE_VIOLATION = '23505';

interface PgError { code?: string; message: string; detail?: string }

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The driver's error under drizzle's wrapper (drizzle puts it in `cause`). */
function pgError(error: unknown): PgError {
  const cause = (error as { cause?: unknown }).cause;
  return (cause && typeof cause === 'object' && 'code' in cause ? cause : error) as PgError;
}

/**
 * amcheck in this database, or why not. On a PostgreSQL server the service's user may lack the right to
 * create it; several instances starting at once may race to create it (the loser sees a duplicate).
 */
async function enableAmcheck(db: Db): Promise<string | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.execute(sql`create extension if not exists amcheck`);
      return null;
    } catch (error) {
      const { code, message } = pgError(error);
      if (code === UNIQUE_VIOLATION && attempt === 1) continue;
      return message;
    }
  }
}

/**
 * Each B-tree index of the guarded tables, checked with `bt_index_check(index, heapallindexed => true)`:
 * its structure, and every row of the table present in it. It reads each index and table once, under an
 * AccessShareLock only (no write waits for it). Measured at start on the seeded PGlite store (15 indexes, its
 * 5 sample bookings), the extension's creation included: 37-103 ms, 72 ms median of 5 starts (2 shared cores,
 * load 3-4). Loading amcheck into PGlite adds nothing measurable to opening it (1.35-2.1 s with or without).
 */
export async function verifyIndexes(db: Db): Promise<IndexVerification> {
  const unavailable = await enableAmcheck(db);
  if (unavailable) return { checked: false, reason: unavailable };
  const indexes = await rows<{ index: string; table: string }>(db, sql`
    select ic.relname as "index", c.relname as "table"
    from pg_index i
      join pg_class c on c.oid = i.indrelid
      join pg_class ic on ic.oid = i.indexrelid
      join pg_am am on am.oid = ic.relam
    where am.amname = 'btree' and pg_table_is_visible(c.oid)
      and c.relname in (${sql.join(GUARDED_TABLES.map((table) => sql`${table}`), sql`, `)})
    order by c.relname, ic.relname`);
  const damaged: DamagedIndex[] = [];
  for (const { index, table } of indexes) {
    try {
      await db.execute(sql`select bt_index_check(${index}::regclass, true)`);
    } catch (error) {
      const { code, message } = pgError(error);
      if (code && NOT_PERMITTED.has(code)) return { checked: false, reason: message };
      damaged.push({ index, table, problem: message });
    }
  }
  return { checked: true, indexes: indexes.length, damaged };
}

/** REINDEX: the index built again from its table (the table is the truth). A failed rebuild leaves the old index. */
export async function rebuildIndex(db: Db, index: string): Promise<IndexRebuild> {
  try {
    await db.execute(sql`reindex index ${sql.identifier(index)}`);
    return { rebuilt: true };
  } catch (error) {
    const { code, message, detail } = pgError(error);
    if (code === UNIQUE_VIOLATION) return { rebuilt: false, duplicate: detail ?? message };
    throw new Error(`The index ${index} could not be rebuilt (${message})`, { cause: error });
  }
}
