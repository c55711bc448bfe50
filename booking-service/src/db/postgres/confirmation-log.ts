import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../database.ts';
import type { Confirmation, IntegrityRepository } from '../../store/types.ts';

/**
 * The confirmation log of migration 0019, read: the trigger numbers each paid booking and admission in the
 * transaction that makes it, so the service only reads here (its newest entry for a booking just confirmed, and
 * what the watch compares every second).
 */
export function confirmationLog(db: Db): Pick<IntegrityRepository, 'confirmed' | 'confirmationsAt'> {
  async function rows<T>(query: SQL): Promise<T[]> {
    return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  }
  return {
    async confirmed(bookingId, kind) {
      // Written by the trigger of migration 0019 in the transaction that confirmed: its newest entry for the booking.
      const [row] = await rows<Confirmation>(sql`
        select l.seq::float8 as "seq", l.kind, l.booking_id::text as "bookingId", l.ticket_code as "ticketCode", b.show_id::text as "showId", b.seats
        from confirmation_log l join bookings b on b.id = l.booking_id
        where l.booking_id = ${bookingId}::uuid and l.kind = ${kind} order by l.seq desc limit 1`);
      return row ?? null;
    },

    async confirmationsAt(seqs, bookingIds) {
      // One statement (each part by an index: the key, the booking's), so the watch can run every second.
      const found = await rows<Confirmation & { newest: boolean }>(sql`
        with picked as (
          (select *, true as newest from confirmation_log order by seq desc limit 1)
          union all
          (select *, false from confirmation_log where seq = any(${`{${seqs.join(',')}}`}::bigint[])
             or booking_id = any(${`{${bookingIds.join(',')}}`}::uuid[]))
        )
        select p.seq::float8 as "seq", p.kind, p.booking_id::text as "bookingId", p.ticket_code as "ticketCode",
               b.show_id::text as "showId", b.seats, p.newest
        from picked p left join bookings b on b.id = p.booking_id`);
      const strip = ({ newest: _, ...entry }: Confirmation & { newest: boolean }): Confirmation => entry;
      const newest = found.find((row) => row.newest);
      return { newest: newest ? strip(newest) : null, found: found.filter((row) => !row.newest).map(strip) };
    },
  };
}
