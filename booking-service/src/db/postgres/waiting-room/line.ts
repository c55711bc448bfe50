import { sql } from 'drizzle-orm';
import type { WaitingRoomRepository } from '../../../waiting-room/waiting-room-repository.ts';
import type { Db } from '../../database.ts';
import { admissionRunDue, admissionsPerRun } from '../../../waiting-room/queue-rules.ts';
import { activeShopping, ENTRY_COLUMNS, entryOf, instant, rows, toEntry, type EntryRow, type Executor } from './rows.ts';

/** The first key of the advisory locks that let one instance at a time admit for an event (the second: the event id's hash). */
const ADMISSION_LOCK_CLASS = 7_240_002;

interface EventLockRow {
  on_sale_at: string;
  drawn_at: string | null;
  paused: boolean;
  shopping_capacity: number;
  window_minutes: number;
}

/** Rolls a join back when another request of the same account made the entry first. */
class AlreadyJoined extends Error {}

/** The draw, inside a transaction holding the event row's lock: every pre-queue entry gets a place, in random order. */
async function drawLocked(tx: Executor, eventId: string, now: Date) {
  await tx.execute(sql`
    with drawn as (
      select account_id, row_number() over (order by random()) as n from queue_entries where event_id = ${eventId} and place is null
    )
    update queue_entries q set place = e.last_place + drawn.n
    from drawn, on_sale_events e
    where q.event_id = ${eventId} and q.account_id = drawn.account_id and e.id = ${eventId}`);
  await tx.execute(sql`
    update on_sale_events set drawn_at = ${now},
      last_place = last_place + (select count(*) from queue_entries where event_id = ${eventId} and place > last_place)
    where id = ${eventId}`);
}

/** The event's row as the admissions and joins need it, or null. */
async function readEvent(executor: Executor, eventId: string, lock = sql``) {
  const [event] = await rows<EventLockRow>(executor, sql`select on_sale_at, drawn_at, paused, shopping_capacity, window_minutes from on_sale_events where id = ${eventId} ${lock}`);
  return event ?? null;
}

/** Locks the event row; runs the draw when the on-sale time has passed and nobody has yet. The row, or null. */
async function lockEvent(tx: Executor, eventId: string, now: Date) {
  const event = await readEvent(tx, eventId, sql`for update`);
  if (event && !event.drawn_at && instant(event.on_sale_at) <= now) {
    await drawLocked(tx, eventId, now);
    event.drawn_at = now.toISOString();
  }
  return event ?? null;
}

/** The line: joining it, the draw that orders the pre-queue, and the admissions that let the next in line shop. */
export function queueLineQueries(db: Db): Pick<WaitingRoomRepository, 'join' | 'draw' | 'admitNext'> {
  return {
    async join(eventId, accountId, now) {
      // The common repeat (a refresh, a second tab) reads and writes nothing more.
      const existing = await entryOf(db, eventId, accountId);
      if (existing) return existing;
      // After the draw, the next place in arrival order, in one statement: the event row is locked only for
      // the increment, so a crowd of arrivals does not queue on it (measured: taking the place under the
      // lock for a whole transaction made it the rush's bottleneck). A join racing another of the same
      // account leaves a gap in the places (the insert does nothing): positions can only overstate.
      const [placed] = await rows<EntryRow>(
        db,
        sql`with placed as (
              update on_sale_events set last_place = last_place + 1 where id = ${eventId} and drawn_at is not null returning last_place
            )
            insert into queue_entries (event_id, account_id, joined_at, place)
            select ${eventId}, ${accountId}, ${now}, last_place from placed
            on conflict (event_id, account_id) do nothing returning ${ENTRY_COLUMNS}`,
      );
      if (placed) return toEntry(placed);
      const again = await entryOf(db, eventId, accountId);
      if (again) return again;
      // Before the draw (or it is due now): in the pre-queue, ordered with the draw by the event row's lock.
      try {
        return await db.transaction(async (tx) => {
          const event = await lockEvent(tx, eventId, now);
          if (!event) throw new Error(`no on-sale event ${eventId}`);
          // After the draw, the next place in arrival order: the event row's lock orders the arrivals.
          let place: number | null = null;
          if (event.drawn_at) {
            const [given] = await rows<{ last_place: number }>(tx, sql`update on_sale_events set last_place = last_place + 1 where id = ${eventId} returning last_place`);
            place = given!.last_place;
          }
          const [row] = await rows<EntryRow>(
            tx,
            sql`insert into queue_entries (event_id, account_id, joined_at, place) values (${eventId}, ${accountId}, ${now}, ${place})
                on conflict (event_id, account_id) do nothing returning ${ENTRY_COLUMNS}`,
          );
          // Another request of the account joined first: undo the place taken (the error rolls back).
          if (!row) throw new AlreadyJoined();
          return toEntry(row);
        });
      } catch (error) {
        if (error instanceof AlreadyJoined) return (await entryOf(db, eventId, accountId))!;
        throw error;
      }
    },

    async draw(eventId, now) {
      return db.transaction(async (tx) => {
        const [event] = await rows<{ drawn_at: string | null; on_sale_at: string }>(tx, sql`select drawn_at, on_sale_at from on_sale_events where id = ${eventId} for update`);
        if (!event || event.drawn_at || instant(event.on_sale_at) > now) return false;
        await drawLocked(tx, eventId, now);
        return true;
      });
    },

    async admitNext(eventId, now) {
      return db.transaction(async (tx) => {
        // Another instance admitting for this event holds its admission lock: it does the work, this one skips.
        // (Not the event row's lock with SKIP LOCKED: during a rush of joins that lock is taken most of the time.)
        const [admitting] = await rows<{ ours: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${ADMISSION_LOCK_CLASS}, hashtext(${eventId})) as ours`);
        if (!admitting!.ours) return 0;
        // The event row is locked only when the draw is due: admissions (one instance at a time, by the lock
        // above) do not need it otherwise, and holding it for the whole admission held up every join meanwhile
        // (each takes its place by incrementing the row), measured in the presale bench.
        let event = await readEvent(tx, eventId);
        if (event && !event.drawn_at && instant(event.on_sale_at) <= now) event = await lockEvent(tx, eventId, now);
        if (!event || event.paused || !event.drawn_at) return 0;
        // The event's ramp, whichever instance ran the last admissions (queue-rules.ts; support's admission out of
        // turn counts too, delaying the next run by under a second). An index lookup.
        const [latest] = await rows<{ at: string | null }>(tx, sql`select max(admitted_at) as at from queue_entries where event_id = ${eventId}`);
        if (!admissionRunDue(latest?.at ? instant(latest.at) : null, now)) return 0;
        const [active] = await rows<{ n: number }>(tx, activeShopping(eventId, now));
        const free = Math.min(event.shopping_capacity - active!.n, admissionsPerRun(event.shopping_capacity));
        if (free <= 0) return 0;
        const windowEndsAt = new Date(now.getTime() + event.window_minutes * 60_000);
        const admitted = await rows<{ place: number }>(
          tx,
          // Admission times never go back: instances' clocks (and the moments they read them) differ by a little.
        sql`update queue_entries set admitted_at = greatest(${now}::timestamptz, (select max(admitted_at) from queue_entries where event_id = ${eventId})), window_ends_at = ${windowEndsAt}
              where event_id = ${eventId} and account_id in (
                select account_id from queue_entries
                where event_id = ${eventId} and place is not null and admitted_at is null and left_at is null and removed_at is null
                order by place limit ${free}
              ) returning place`,
        );
        if (admitted.length === 0) return 0;
        const highest = Math.max(...admitted.map((row) => row.place));
        await tx.execute(sql`update on_sale_events set serving = greatest(serving, ${highest}) where id = ${eventId}`);
        return admitted.length;
      });
    },
  };
}
