import { sql } from 'drizzle-orm';
import type { EventFigures, EventPulse, WaitingRoomRepository } from '../../../waiting-room/waiting-room-repository.ts';
import type { Db } from '../../database.ts';
import { activeShopping, endedAdmissions, rows } from './rows.ts';

/** The seats of an event's shows, each show's by its screen (the screen's seat ids: migration 0015). */
function eventSeats(eventId: string) {
  return sql`select coalesce(sum(cardinality(sc.seat_ids)), 0)::int from on_sale_event_shows s
               join shows sh on sh.id = s.show_id join screens sc on sc.id = sh.screen_id
             where s.event_id = ${eventId}`;
}

/** What the polls and the live panel read of an event: its pulse (seats left, recent admissions) and its figures. */
export function eventFigureQueries(db: Db): Pick<WaitingRoomRepository, 'pulse' | 'figures' | 'admissionEnded'> {
  async function pulse(eventId: string, now: Date): Promise<EventPulse> {
    const [row] = await rows<{ seats: number; taken: number; admitted: number; out_of_turn: string[] | null; ended: string[] | null }>(
      db,
      sql`select (${eventSeats(eventId)}) as seats,
                 (select count(*)::int from seat_reservations r
                    join on_sale_event_shows s on s.show_id = r.show_id
                    join bookings b on b.id = r.booking_id
                  where s.event_id = ${eventId} and (b.is_paid or b.hold_expires_at > ${now})) as taken,
                 (select count(*)::int from queue_entries
                  where event_id = ${eventId} and admitted_at > ${new Date(now.getTime() - 60_000)}) as admitted,
                 (select array_agg(distinct account_id) from waiting_room_actions
                  where event_id = ${eventId} and action in ('admit', 'remove')) as out_of_turn,
                 (${endedAdmissions(eventId, now)}) as ended`,
    );
    return {
      seatsLeft: row!.seats - row!.taken,
      admittedLastMinute: row!.admitted,
      outOfTurn: new Set(row!.out_of_turn ?? []),
      endedAdmissions: new Set(row!.ended ?? []),
    };
  }

  return {
    pulse,

    async admissionEnded(eventId, accountId, now) {
      const [row] = await rows<{ ended: string[] | null }>(db, sql`select (${endedAdmissions(eventId, now, accountId)}) as ended`);
      return (row?.ended ?? []).length > 0;
    },

    async figures(eventId, now): Promise<EventFigures> {
      const [counts] = await rows<{ pre_queue: number; waiting: number }>(
        db,
        // Once the pre-queue closed, its entries wait in line, their places written or not yet (line.ts).
        sql`select count(*) filter (where place is null and e.drawn_at is null and left_at is null and removed_at is null)::int as pre_queue,
                   count(*) filter (where (place is not null or e.drawn_at is not null) and admitted_at is null and left_at is null and removed_at is null)::int as waiting
            from queue_entries q join on_sale_events e on e.id = q.event_id where q.event_id = ${eventId}`,
      );
      const [shopping] = await rows<{ n: number }>(db, activeShopping(eventId, now));
      const { seatsLeft, admittedLastMinute } = await pulse(eventId, now);
      const [seats] = await rows<{ n: number }>(db, sql`select (${eventSeats(eventId)}) as n`);
      return {
        preQueue: counts!.pre_queue,
        waiting: counts!.waiting,
        shopping: shopping!.n,
        admittedLastMinute,
        seats: seats!.n,
        seatsLeft,
      };
    },
  };
}
