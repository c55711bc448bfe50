import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../database.ts';
import { storeIdentity } from '../schema.ts';
import { confirmationLog } from './confirmation-log.ts';
import { rebuildIndex, verifyIndexes } from './index-verification.ts';
import type { DoubleSale, GrowingTotals, HistoryDamage, IntegrityRepository, PaidBookingRecord, StoreIdentity, TableCounts } from '../../store/types.ts';

const IDENTITY_ROW = 'store';

/** Tables whose rows are never removed: guarded and counted by migration 0007 (row_ledger; cinemas and screens: 0015). */
const HISTORY = ['movies', 'shows', 'bookings', 'users', 'outbox', 'checkout_sessions', 'webhook_events', 'cinemas', 'screens'] as const;

/** Every table the service needs; the first three are counted (the service never deletes from them). */
const COUNTED = ['movies', 'shows', 'bookings'] as const;
const READ_ONLY = ['cinemas', 'screens', 'users', 'favorites', 'seat_reservations', 'outbox', 'webhook_events', 'checkout_sessions', 'store_identity', 'row_ledger'] as const;

function toIdentity(row: typeof storeIdentity.$inferSelect): StoreIdentity {
  return { id: row.storeId, createdAt: row.createdAt, seen: { movies: row.moviesSeen, shows: row.showsSeen, bookings: row.bookingsSeen } };
}

async function readTable<T>(table: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw new Error(`The ${table} table cannot be read (${(error as Error).message})`, { cause: error });
  }
}

export function createIntegrityRepository(db: Db): IntegrityRepository {
  /** A raw query's rows (both drivers answer node-postgres results). */
  async function rows<T>(query: SQL): Promise<T[]> {
    return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  }

  async function identity() {
    const [row] = await db.select().from(storeIdentity).where(eq(storeIdentity.id, IDENTITY_ROW));
    return row ? toIdentity(row) : null;
  }

  return {
    identity,

    async initialise({ id, createdAt }) {
      await db.insert(storeIdentity).values({ id: IDENTITY_ROW, storeId: id, createdAt }).onConflictDoNothing();
      return (await identity())!;
    },

    async countRows() {
      const counts = {} as TableCounts;
      for (const table of COUNTED) {
        counts[table] = await readTable(table, async () => {
          const [row] = await rows<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`);
          return row!.n;
        });
      }
      for (const table of READ_ONLY) await readTable(table, () => rows(sql`select 1 from ${sql.identifier(table)} limit 1`));
      return counts;
    },

    async recordSeen({ movies, shows, bookings }) {
      await db
        .update(storeIdentity)
        .set({
          moviesSeen: sql`greatest(${storeIdentity.moviesSeen}, ${movies})`,
          showsSeen: sql`greatest(${storeIdentity.showsSeen}, ${shows})`,
          bookingsSeen: sql`greatest(${storeIdentity.bookingsSeen}, ${bookings})`,
        })
        .where(eq(storeIdentity.id, IDENTITY_ROW));
    },

    async ledgerMismatches() {
      // One statement: one snapshot of both tables.
      const [row] = await rows<{ missing: number; orphans: number }>(sql`
        select
          (select count(*)::int from bookings b
            where b.status <> 'cancelled'
              and (select count(*) from seat_reservations r where r.booking_id = b.id) <> cardinality(b.seats)) as missing,
          (select count(*)::int from seat_reservations r join bookings b on b.id = r.booking_id
            where b.status = 'cancelled') as orphans`);
      return { bookingsMissingSeats: row!.missing, seatsWithoutLiveBooking: row!.orphans };
    },

    async historyDamage() {
      const damage: HistoryDamage[] = [];
      // One statement: each table's rows and its ledger in one snapshot (an insert and its count commit together).
      const counted = await rows<{ table: string; rows: number; inserted: number }>(
        sql.join(
          HISTORY.map(
            (table) => sql`select ${table} as "table", (select count(*)::int from ${sql.identifier(table)}) as rows,
              (select coalesce(sum(inserted), 0)::int from row_ledger where table_name = ${table}) as inserted`,
          ),
          sql` union all `,
        ),
      );
      for (const { table, rows: held, inserted } of counted) {
        if (held < inserted) damage.push({ table, kind: 'rows-lost', rows: held, inserted });
        else if (held > inserted) damage.push({ table, kind: 'rows-unaccounted', rows: held, inserted });
      }
      const guards = [...HISTORY.flatMap((table) => [`${table}_ledger`, `${table}_keeps_history`]), 'row_ledger_keeps_history'];
      const enabled = new Set(
        (await rows<{ name: string }>(sql`select tgname as name from pg_trigger where tgname in (${sql.join(guards.map((g) => sql`${g}`), sql`, `)}) and tgenabled <> 'D'`)).map(
          (row) => row.name,
        ),
      );
      for (const guard of guards) {
        if (!enabled.has(guard)) damage.push({ table: guard.replace(/_(ledger|keeps_history)$/, ''), kind: 'unguarded', guard });
      }
      return damage;
    },

    async growingTotals() {
      // One statement: one snapshot. A paid booking keeps its paid_at whatever happens to it later.
      const [row] = await rows<GrowingTotals>(sql`
        select (select count(*)::int from bookings) as "bookings",
               (select count(*)::int from bookings where paid_at is not null) as "paidBookings",
               (select count(*)::int from outbox) as "emails",
               (select count(*)::int from webhook_events) as "webhookEvents"`);
      return row!;
    },

    async paidSince(since, limit) {
      return rows<PaidBookingRecord>(sql`
        select id::text as "id", ticket_code as "ticketCode", show_id::text as "showId", seats,
               to_char(paid_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "paidAt"
        from bookings where paid_at >= ${since.toISOString()}::timestamptz order by paid_at desc limit ${limit}`);
    },

    async paidAmong(ids) {
      if (ids.length === 0) return [];
      const found = await rows<{ id: string }>(
        sql`select id::text as id from bookings where paid_at is not null and id::text in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
      );
      return found.map((row) => row.id);
    },

    async doubleSales() {
      // A damaged or stale index (seat_reservations' primary key) is what lets a seat be sold twice, and
      // would hide it from a query that used it: index scans are off, and the seats are read from the
      // bookings' own lists, not from the seat ledger the index guards.
      return db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_indexscan = off`);
        await tx.execute(sql`set local enable_bitmapscan = off`);
        await tx.execute(sql`set local enable_indexonlyscan = off`);
        const found = (await tx.execute(sql`
          select show_id::text as "showId", array_agg(distinct seat order by seat) as seats, array_agg(distinct id::text) as "bookingIds"
          from (
            select b.id, b.show_id, s.seat, count(*) over (partition by b.show_id, s.seat) as holders
            from bookings b cross join lateral unnest(b.seats) as s(seat)
            where b.status <> 'cancelled'
          ) live
          where holders > 1
          group by show_id`)) as unknown as { rows: DoubleSale[] };
        return found.rows;
      });
    },

    verifyIndexes: () => verifyIndexes(db),
    rebuildIndex: (index) => rebuildIndex(db, index),

    ...confirmationLog(db),
  };
}
