import { sql } from 'drizzle-orm';
import type { QueueEntry, WaitingRoomRepository } from '../../../waiting-room/waiting-room-repository.ts';
import type { Db } from '../../database.ts';
import { admissionRunDue, admissionsPerRun } from '../../../waiting-room/queue-rules.ts';
import { activeShopping, entryColumns, entryOf, instant, rows, toEntry, type EntryRow, type Executor } from './rows.ts';

/** The first key of the advisory locks that let one instance at a time admit for an event (the second: the event id's hash). */
const ADMISSION_LOCK_CLASS = 7_240_002;
/**
 * The first key of the lock that closes an event's pre-queue: pre-queue joins take it shared (they never wait on
 * each other), the close takes it exclusive, so that no join counted out of the close writes a lottery key after it.
 */
const PRE_QUEUE_LOCK_CLASS = 7_240_003;
/**
 * Pre-queue places an admission run writes at once when it reaches the last written one. Measured on this machine:
 * PostgreSQL writes about 45,000 places a second (a write of all of a 1M pre-queue at once took 20-25 s, holding
 * up nothing but taking the draw's time); 1,000 take about 25 ms, once every 100 runs at 10 admitted a run.
 */
const PLACES_PER_WRITE = 1_000;
/** The highest place a column of places can hold (integer): "no bound". */
const LAST_INT4 = 2_147_483_647;

interface EventLockRow {
  on_sale_at: string;
  drawn_at: string | null;
  paused: boolean;
  shopping_capacity: number;
  window_minutes: number;
  last_place: number;
  written_through: number;
}

/** The event's sequence of places for arrivals after the pre-queue closed (created by the close). */
function placesSequence(eventId: string) {
  const hex = eventId.replaceAll('-', '');
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new Error(`not an event id: ${eventId}`);
  return `queue_places_${hex.toLowerCase()}`;
}

/** The event's row as the admissions need it, or null. */
async function readEvent(executor: Executor, eventId: string) {
  const [event] = await rows<EventLockRow>(
    executor,
    sql`select on_sale_at, drawn_at, paused, shopping_capacity, window_minutes, last_place, written_through from on_sale_events where id = ${eventId}`,
  );
  return event ?? null;
}

/**
 * Closes the pre-queue when the on-sale time has passed and nobody has: its size is counted under the exclusive
 * pre-queue lock (joins in flight finish first), the event's sequence continues after it, and the order is the
 * lottery keys' (places written later, by the admissions). No entry is written: it takes milliseconds at 1M.
 */
async function closePreQueue(db: Db, eventId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [event] = await rows<{ drawn_at: string | null; on_sale_at: string }>(tx, sql`select drawn_at, on_sale_at from on_sale_events where id = ${eventId} for update`);
    if (!event || event.drawn_at || instant(event.on_sale_at) > now) return false;
    await tx.execute(sql`select pg_advisory_xact_lock(${PRE_QUEUE_LOCK_CLASS}, hashtext(${eventId}))`);
    const [counted] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from queue_entries where event_id = ${eventId} and lottery_key is not null`);
    await tx.execute(sql.raw(`create sequence ${placesSequence(eventId)} start ${counted!.n + 1}`));
    await tx.execute(sql`update on_sale_events set drawn_at = ${now}, last_place = ${counted!.n}, written_through = 0 where id = ${eventId}`);
    return true;
  });
}

/**
 * Writes the next pre-queue places after `through` (the highest written), in lottery order: each entry's rank,
 * the place `entryColumns` and `drawnPlaces` already give it. Keyset from the last written entry, so a write at
 * the end of a 1M pre-queue reads no more than one at its start. The highest place written.
 */
async function writeNextPlaces(tx: Executor, eventId: string, through: number, lastPlace: number): Promise<number> {
  const after = through === 0
    ? sql``
    : sql`and (q.lottery_key, q.account_id) > (select w.lottery_key, w.account_id from queue_entries w where w.event_id = ${eventId} and w.place = ${through})`;
  const written = await rows<{ place: number }>(
    tx,
    sql`with next as (
          select q.account_id, ${through}::int + row_number() over (order by q.lottery_key, q.account_id) as place
          from (select account_id, lottery_key from queue_entries q
                where q.event_id = ${eventId} and q.lottery_key is not null and q.place is null ${after}
                order by q.lottery_key, q.account_id limit ${Math.min(PLACES_PER_WRITE, lastPlace - through)}) q
        )
        update queue_entries q set place = next.place from next
        where q.event_id = ${eventId} and q.account_id = next.account_id returning q.place`,
  );
  const highest = written.length === 0 ? lastPlace : Math.max(...written.map((row) => row.place));
  await tx.execute(sql`update on_sale_events set written_through = ${highest} where id = ${eventId}`);
  return highest;
}

/** The next in line not yet admitted, at most `free`, among places written up to `upTo`. */
async function nextInLine(tx: Executor, eventId: string, free: number, upTo: number) {
  return rows<{ account_id: string }>(
    tx,
    sql`select account_id from queue_entries
        where event_id = ${eventId} and place is not null and place <= ${upTo} and admitted_at is null and left_at is null and removed_at is null
        order by place limit ${free}`,
  );
}

/** The line: joining it, the pre-queue's close at the on-sale time, and the admissions that let the next in line shop. */
export function queueLineQueries(db: Db): Pick<WaitingRoomRepository, 'join' | 'draw' | 'admitNext'> {
  /** Events this instance saw closed (a close is never undone: the cancel refuses a drawn event). */
  const closed = new Set<string>();

  /** After the close: the next place from the event's sequence, in one statement (no row lock). Null when not closed or the account joined first. */
  async function joinAfterClose(eventId: string, accountId: string, now: Date): Promise<QueueEntry | null> {
    // A join racing another of the same account takes a number it does not keep: a gap (positions can only overstate).
    const [placed] = await rows<EntryRow>(
      db,
      sql`insert into queue_entries (event_id, account_id, joined_at, place)
          select ${eventId}, ${accountId}, ${now}, nextval(to_regclass(${placesSequence(eventId)}))
          from on_sale_events where id = ${eventId} and drawn_at is not null
          on conflict (event_id, account_id) do nothing returning ${entryColumns()}`,
    );
    return placed ? toEntry(placed) : null;
  }

  /**
   * Before the close: a lottery key in the pre-queue, under the pre-queue lock taken shared (the insert's snapshot
   * comes after it, so a close that ran meanwhile is seen). 'closed' when the close ran, 'due' when it should now.
   */
  async function joinPreQueue(eventId: string, accountId: string, now: Date): Promise<QueueEntry | 'closed' | 'due' | 'joined'> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock_shared(${PRE_QUEUE_LOCK_CLASS}, hashtext(${eventId}))`);
      const [row] = await rows<EntryRow>(
        tx,
        sql`insert into queue_entries (event_id, account_id, joined_at, lottery_key)
            select ${eventId}, ${accountId}, ${now}, random() from on_sale_events where id = ${eventId} and drawn_at is null and on_sale_at > ${now}
            on conflict (event_id, account_id) do nothing returning ${entryColumns()}`,
      );
      if (row) return toEntry(row);
      const event = await readEvent(tx, eventId);
      if (!event) throw new Error(`no on-sale event ${eventId}`);
      return event.drawn_at ? 'closed' : instant(event.on_sale_at) <= now ? 'due' : 'joined';
    });
  }

  return {
    async join(eventId, accountId, now) {
      // The common repeat (a refresh, a second tab) reads and writes nothing more.
      const existing = await entryOf(db, eventId, accountId);
      if (existing) return existing;
      // Twice at most: the second time when this instance saw a close the database no longer holds (put back).
      for (let attempt = 0; ; attempt++) {
        if (!closed.has(eventId)) {
          const joined = await joinPreQueue(eventId, accountId, now);
          if (typeof joined === 'object') return joined;
          // Another request of the account joined first: its entry stands.
          if (joined === 'joined') return (await entryOf(db, eventId, accountId))!;
          // Whoever first sees the on-sale time passed closes the pre-queue (the admissions' timer does too, each second).
          if (joined === 'due') await closePreQueue(db, eventId, now);
          closed.add(eventId);
        }
        const placed = (await joinAfterClose(eventId, accountId, now)) ?? (await entryOf(db, eventId, accountId));
        if (placed || attempt > 0) {
          if (!placed) throw new Error(`no place could be given in on-sale event ${eventId}`);
          return placed;
        }
        closed.delete(eventId);
      }
    },

    draw: (eventId, now) => closePreQueue(db, eventId, now),

    async admitNext(eventId, now) {
      return db.transaction(async (tx) => {
        // Another instance admitting for this event holds its admission lock: it does the work, this one skips.
        // (Not the event row's lock with SKIP LOCKED: staff's controls take it.)
        const [admitting] = await rows<{ ours: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${ADMISSION_LOCK_CLASS}, hashtext(${eventId})) as ours`);
        if (!admitting!.ours) return 0;
        const event = await readEvent(tx, eventId);
        if (!event || event.paused || !event.drawn_at) return 0;
        // The event's ramp, whichever instance ran the last admissions (queue-rules.ts; support's admission out of
        // turn counts too, delaying the next run by under a second). An index lookup.
        const [latest] = await rows<{ at: string | null }>(tx, sql`select max(admitted_at) as at from queue_entries where event_id = ${eventId}`);
        if (!admissionRunDue(latest?.at ? instant(latest.at) : null, now)) return 0;
        const [active] = await rows<{ n: number }>(tx, activeShopping(eventId, now));
        const free = Math.min(event.shopping_capacity - active!.n, admissionsPerRun(event.shopping_capacity));
        if (free <= 0) return 0;
        // Until every pre-queue place is written, only written ones are admitted (arrivals' places come after them
        // all); reaching the last written, the run writes the next batch.
        let through = event.written_through;
        const upTo = () => (through < event.last_place ? through : LAST_INT4);
        let next = await nextInLine(tx, eventId, free, upTo());
        while (next.length < free && through < event.last_place) {
          through = await writeNextPlaces(tx, eventId, through, event.last_place);
          next = await nextInLine(tx, eventId, free, upTo());
        }
        if (next.length === 0) return 0;
        const windowEndsAt = new Date(now.getTime() + event.window_minutes * 60_000);
        const admitted = await rows<{ place: number }>(
          tx,
          // Admission times never go back: instances' clocks (and the moments they read them) differ by a little.
          // The conditions again on each row as it is now: support may have admitted or removed one since it was read.
          sql`update queue_entries set admitted_at = greatest(${now}::timestamptz, (select max(admitted_at) from queue_entries where event_id = ${eventId})), window_ends_at = ${windowEndsAt}
              where event_id = ${eventId} and account_id in (${sql.join(next.map((row) => sql`${row.account_id}`), sql`, `)})
                and admitted_at is null and left_at is null and removed_at is null returning place`,
        );
        if (admitted.length === 0) return 0;
        const highest = Math.max(...admitted.map((row) => row.place));
        await tx.execute(sql`update on_sale_events set serving = greatest(serving, ${highest}) where id = ${eventId}`);
        return admitted.length;
      });
    },
  };
}
