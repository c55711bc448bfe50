import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../database.ts';
import type { DamagedIndex, IndexRebuild, IndexVerification } from '../../store/types.ts';

/**
 * The tables a moviegoer's seats and money live in: every index of theirs is checked (one finds a booking by its
 * payment, a stale copy would miss it). Beyond these, every unique and exclusion index of the service's tables is
 * checked, read from the catalogue (pg_index), so a guarantee added by a migration (the door's one admission per
 * ticket, a screen's schedule without overlaps) is covered without a list kept by hand.
 */
const GUARDED_TABLES = ['seat_reservations', 'bookings', 'checkout_sessions', 'webhook_events', 'outbox'];

/** amcheck answers these when it is there but not ours to use: no check, not damage. */
const NOT_PERMITTED = new Set(['42501', '42883']);
const UNIQUE_VIOLATION = '23505';
const EXCLUSION_VIOLATION = '23P01';

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

/** An index a guarantee rests on, as the catalogue describes it. */
interface GuardingIndex {
  index: string;
  table: string;
  method: string;
  unique: boolean;
  /** Its key columns or expressions, as SQL over the table's columns. */
  keys: string[];
  /** A partial index's WHERE, as SQL; null for a whole-table index. */
  predicate: string | null;
  /** An exclusion constraint's operators (schema-qualified), one per key; null otherwise. */
  operators: string[] | null;
}

/** The service's indexes to check, from the catalogue: every one of the guarded tables, every unique or exclusion one. */
async function guardingIndexes(db: Db): Promise<GuardingIndex[]> {
  return rows<GuardingIndex>(db, sql`
    select ic.relname as "index", c.relname as "table", am.amname as "method", i.indisunique as "unique",
      array(select pg_get_indexdef(i.indexrelid, k, true) from generate_series(1, i.indnkeyatts) k order by k) as "keys",
      pg_get_expr(i.indpred, i.indrelid, true) as "predicate",
      (select array(select format('operator(%I.%s)', n.nspname, o.oprname) from unnest(x.conexclop) with ordinality u(op, k)
                      join pg_operator o on o.oid = u.op join pg_namespace n on n.oid = o.oprnamespace order by u.k)
         from pg_constraint x where x.conindid = i.indexrelid and x.contype = 'x') as "operators"
    from pg_index i
      join pg_class c on c.oid = i.indrelid
      join pg_class ic on ic.oid = i.indexrelid
      join pg_am am on am.oid = ic.relam
    where c.relnamespace = current_schema()::regnamespace and i.indisvalid
      and ((am.amname = 'btree' and c.relname in (${sql.join(GUARDED_TABLES.map((table) => sql`${table}`), sql`, `)})) or i.indisunique or i.indisexclusion)
    order by c.relname, ic.relname`);
}

/**
 * The key the table holds twice against a unique or exclusion index, read from the table alone (index scans
 * off, so the index under suspicion cannot hide it), or null. What amcheck cannot do for an exclusion (GiST)
 * index, and for a unique one a second witness: rows that broke the rule while the index was stale.
 */
async function keyHeldTwice(db: Db, { table, keys, predicate, operators, unique }: GuardingIndex): Promise<string | null> {
  if (!unique && !operators) return null;
  const cols = keys.map((key, k) => sql.raw(`(${key}) as k${k}`));
  const where = sql.raw(predicate ? `where ${predicate}` : '');
  const shown = sql.raw(`concat_ws(', ', ${keys.map((_, k) => `a.k${k}::text`).join(', ')})`);
  const query = operators
    ? sql`with r as (select ctid as row_id, ${sql.join(cols, sql`, `)} from ${sql.identifier(table)} ${where})
          select ${shown} as "key" from r a join r b on a.row_id <> b.row_id and ${sql.raw(keys.map((_, k) => `a.k${k} ${operators[k]} b.k${k}`).join(' and '))} limit 1`
    : sql`select ${shown} as "key" from (select ${sql.join(cols, sql`, `)} from ${sql.identifier(table)} ${where}) a
          where ${sql.raw(keys.map((_, k) => `a.k${k} is not null`).join(' and '))}
          group by ${sql.raw(keys.map((_, k) => `a.k${k}`).join(', '))} having count(*) > 1 limit 1`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_indexscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    await tx.execute(sql`set local enable_indexonlyscan = off`);
    const [row] = ((await tx.execute(query)) as unknown as { rows: { key: string }[] }).rows;
    return row ? row.key : null;
  });
}

/**
 * Each index a guarantee rests on, checked against its table: a B-tree with `bt_index_check(index, heapallindexed
 * => true)` (its structure, and every row of the table present in it: a stale copy of its file misses the newer
 * rows), and every unique or exclusion index by reading the table for a key it holds twice. amcheck reads each
 * index and table once, under an AccessShareLock only (no write waits for it). Measured at start on the seeded
 * PGlite store, the extension's creation included: see docs/operators/backup-and-restore.md.
 */
export async function verifyIndexes(db: Db): Promise<IndexVerification> {
  const unavailable = await enableAmcheck(db);
  if (unavailable) return { checked: false, reason: unavailable };
  const indexes = await guardingIndexes(db);
  const damaged: DamagedIndex[] = [];
  for (const guarding of indexes) {
    const { index, table } = guarding;
    if (guarding.method === 'btree') {
      try {
        await db.execute(sql`select bt_index_check(${index}::regclass, true)`);
      } catch (error) {
        const { code, message } = pgError(error);
        if (code && NOT_PERMITTED.has(code)) return { checked: false, reason: message };
        damaged.push({ index, table, problem: message });
        continue;
      }
    }
    const twice = await keyHeldTwice(db, guarding);
    if (twice !== null) damaged.push({ index, table, problem: `the table holds the key (${twice}) more than once` });
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
    if (code === UNIQUE_VIOLATION || code === EXCLUSION_VIOLATION) return { rebuilt: false, duplicate: detail ?? message };
    throw new Error(`The index ${index} could not be rebuilt (${message})`, { cause: error });
  }
}
