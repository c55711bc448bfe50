/** The seat invariant, checked in the PGlite/PostgreSQL database after the load. */
import type { Ack } from './bookers.ts';
import { REGION } from './settings.ts';

export type Query = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export interface InvariantFigures {
  heldBefore: number;
  heldAfter: number;
  regionHeld: number;
  liveBenchBookings: number;
  doubleHeld: number;
  notExactlyHeld: number;
  strayLedgerRows: number;
  acknowledgedMissing: number;
  unacknowledgedLive: number;
  problems: string[];
}

export async function checkInvariant(query: Query, showId: string, heldBefore: number, acknowledged: Ack[]): Promise<InvariantFigures> {
  const problems: string[] = [];
  // Two live bookings listing one seat of one show (or one booking listing it twice).
  const doubleHeld = await query(
    `select b.show_id::text as show_id, s.seat, count(*)::int as n
       from bookings b cross join lateral unnest(b.seats) as s(seat)
      where b.status <> 'cancelled'
      group by b.show_id, s.seat having count(*) > 1`,
  );
  for (const row of doubleHeld.slice(0, 5)) problems.push(`seat ${String(row.seat)} of show ${String(row.show_id)} is listed by ${String(row.n)} live bookings`);
  // A live booking whose seats are not exactly its rows of the ledger.
  const notExactlyHeld = await query(
    `select b.id::text as id, array_to_string(b.seats, ',') as seats,
            (select string_agg(r.seat, ',' order by r.seat) from seat_reservations r where r.booking_id = b.id) as held
       from bookings b
      where b.status <> 'cancelled'
        and (exists (select 1 from unnest(b.seats) as s(seat)
                      where not exists (select 1 from seat_reservations r
                                         where r.show_id = b.show_id and r.seat = s.seat and r.booking_id = b.id))
             or (select count(*) from seat_reservations r where r.booking_id = b.id) <> cardinality(b.seats))`,
  );
  for (const row of notExactlyHeld.slice(0, 5)) problems.push(`live booking ${String(row.id)} lists ${String(row.seats)} but the ledger holds ${String(row.held ?? 'nothing')} for it`);
  // A ledger row no live booking of that show lists.
  const stray = await query(
    `select r.show_id::text as show_id, r.seat, r.booking_id::text as booking_id, b.status
       from seat_reservations r left join bookings b on b.id = r.booking_id
      where b.id is null or b.status = 'cancelled' or b.show_id <> r.show_id or not (r.seat = any(b.seats))`,
  );
  for (const row of stray.slice(0, 5)) problems.push(`ledger row ${String(row.seat)} of show ${String(row.show_id)} belongs to booking ${String(row.booking_id)} (${String(row.status ?? 'missing')}) that does not hold it`);
  // Every acknowledged booking is stored, live, on this show, for this user, with these seats.
  const stored = await query(
    `select b.id::text as id, b.user_id, b.show_id::text as show_id, b.status, array_to_string(b.seats, ',') as seats
       from bookings b where b.id in (select value::uuid from jsonb_array_elements_text($1::jsonb))`,
    [JSON.stringify(acknowledged.map((a) => a.id))],
  );
  const byId = new Map(stored.map((row) => [String(row.id), row]));
  let acknowledgedMissing = 0;
  for (const ack of acknowledged) {
    const row = byId.get(ack.id);
    const wanted = [...ack.seats].sort().join(',');
    const problem = !row
      ? 'is not in the database'
      : row.status === 'cancelled'
        ? 'is cancelled'
        : row.show_id !== showId || row.user_id !== ack.sub || String(row.seats).split(',').sort().join(',') !== wanted
          ? `is stored as ${String(row.user_id)} / ${String(row.show_id)} / ${String(row.seats)}`
          : null;
    if (problem) {
      acknowledgedMissing++;
      if (acknowledgedMissing <= 5) problems.push(`acknowledged booking ${ack.id} (${ack.sub}, ${wanted}) ${problem}`);
    }
  }
  // Bookings the rush left live that nobody was told about.
  const live = await query(`select id::text as id from bookings where show_id = $1 and user_id like 'rush|%' and status <> 'cancelled'`, [showId]);
  const acked = new Set(acknowledged.map((a) => a.id));
  const unacknowledged = live.filter((row) => !acked.has(String(row.id)));
  if (unacknowledged.length) problems.push(`${unacknowledged.length} live booking(s) of the rush were never acknowledged with 200, e.g. ${String(unacknowledged[0]!.id)}`);
  const held = (await query(`select seat from seat_reservations where show_id = $1`, [showId])).map((row) => String(row.seat));
  const region = new Set(REGION);
  return {
    heldBefore,
    heldAfter: held.length,
    regionHeld: held.filter((seat) => region.has(seat)).length,
    liveBenchBookings: live.length,
    doubleHeld: doubleHeld.length,
    notExactlyHeld: notExactlyHeld.length,
    strayLedgerRows: stray.length,
    acknowledgedMissing,
    unacknowledgedLive: unacknowledged.length,
    problems,
  };
}
