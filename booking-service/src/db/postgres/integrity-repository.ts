import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../database.ts';
import { storeIdentity } from '../schema.ts';
import type { IntegrityRepository, StoreIdentity, TableCounts } from '../../store/types.ts';

const IDENTITY_ROW = 'store';

/** Every table the service needs; the first three are counted (the service never deletes from them). */
const COUNTED = ['movies', 'shows', 'bookings'] as const;
const READ_ONLY = ['users', 'favorites', 'seat_reservations', 'outbox', 'webhook_events', 'checkout_sessions', 'store_identity'] as const;

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
  };
}
