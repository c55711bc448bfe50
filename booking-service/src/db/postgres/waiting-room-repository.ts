import { sql, type SQL } from 'drizzle-orm';
import { ALL_SEATS } from '../../contract/hall.ts';
import type { EventFigures, OnSaleEvent, QueueEntry, WaitingRoomAction, WaitingRoomRepository } from '../../waiting-room/waiting-room-repository.ts';
import type { Db } from '../database.ts';
import { postgresInstant } from './timestamps.ts';
import { ADMISSION_GRACE_MS, admissionsPerRun } from '../../waiting-room/queue-rules.ts';

type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

interface EventRow {
  id: string;
  name: string;
  on_sale_at: string;
  waiting_room: boolean;
  shopping_capacity: number;
  window_minutes: number;
  paused: boolean;
  serving: number;
  drawn_at: string | null;
  created_by: string;
  created_at: string;
  show_ids: string[] | null;
}

interface EntryRow {
  event_id: string;
  account_id: string;
  joined_at: string;
  place: number | null;
  admitted_at: string | null;
  window_ends_at: string | null;
  claimed_at: string | null;
  left_at: string | null;
  removed_at: string | null;
}

const ENTRY_COLUMNS = sql.raw('event_id, account_id, joined_at, place, admitted_at, window_ends_at, claimed_at, left_at, removed_at');

/** Raw queries get timestamps as PostgreSQL writes them (drizzle turns off node-postgres's date parsing): read exactly. */
const instant = postgresInstant;

function instantOrNull(value: string | null): Date | null {
  return value === null ? null : postgresInstant(value);
}

function toEvent(row: EventRow): OnSaleEvent {
  return {
    id: row.id,
    name: row.name,
    onSaleAt: instant(row.on_sale_at),
    waitingRoom: row.waiting_room,
    shoppingCapacity: row.shopping_capacity,
    windowMinutes: row.window_minutes,
    paused: row.paused,
    serving: row.serving,
    drawnAt: instantOrNull(row.drawn_at),
    showIds: row.show_ids ?? [],
    createdBy: row.created_by,
    createdAt: instant(row.created_at),
  };
}

function toEntry(row: EntryRow): QueueEntry {
  return {
    eventId: row.event_id,
    accountId: row.account_id,
    joinedAt: instant(row.joined_at),
    place: row.place,
    admittedAt: instantOrNull(row.admitted_at),
    windowEndsAt: instantOrNull(row.window_ends_at),
    claimedAt: instantOrNull(row.claimed_at),
    leftAt: instantOrNull(row.left_at),
    removedAt: instantOrNull(row.removed_at),
  };
}

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

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

/** Rolls a new event back when one of its shows already belongs to another event. */
class ShowInEvent extends Error {
  constructor(readonly showId: string) {
    super(`show ${showId} is already in an on-sale event`);
  }
}

/**
 * Shopping windows still taking a slot at `now`: admitted, open, claimed (or admitted within the grace), not
 * given up or removed, and the account has not paid for a booking of the event's shows since its admission
 * (a purchase ends the window).
 */
function activeShopping(eventId: string, now: Date) {
  return sql`
    select count(*)::int as n from queue_entries q
    where q.event_id = ${eventId} and q.admitted_at is not null and q.window_ends_at > ${now}
      and (q.claimed_at is not null or q.admitted_at > ${new Date(now.getTime() - ADMISSION_GRACE_MS)})
      and q.left_at is null and q.removed_at is null
      and not exists (
        select 1 from bookings b join on_sale_event_shows s on s.show_id = b.show_id
        where s.event_id = q.event_id and b.user_id = q.account_id and b.is_paid and b.created_at >= q.admitted_at
      )`;
}

/**
 * How far back an admission may still be open: windows last at most 60 minutes (the create's limit), so an
 * older admission's token has expired anyway; the bound keeps the per-second read to the recent admissions.
 */
const OPEN_ADMISSIONS_LOOKBACK_MS = 61 * 60_000;

/**
 * The accounts whose admission is still within its window but has ended: they left, support removed them,
 * or they paid for a booking of the event's shows since it began. Read with each instance's per-second
 * view, so that the sale gate refuses their admission token without reading the database per request.
 */
function endedAdmissions(eventId: string, now: Date) {
  return sql`
    select array_agg(q.account_id) from queue_entries q
    where q.event_id = ${eventId} and q.admitted_at > ${new Date(now.getTime() - OPEN_ADMISSIONS_LOOKBACK_MS)}
      and q.window_ends_at > ${new Date(now.getTime() - 60_000)}
      and (q.left_at is not null or q.removed_at is not null or exists (
        select 1 from bookings b join on_sale_event_shows s on s.show_id = b.show_id
        where s.event_id = q.event_id and b.user_id = q.account_id and b.is_paid and b.created_at >= q.admitted_at
      ))`;
}

/** Whether staff cancelled the event: its `cancel` action (kept with the other staff actions; the event row stays for them). */
function cancelled(eventId: SQL) {
  return sql`exists (select 1 from waiting_room_actions a where a.event_id = ${eventId} and a.action = 'cancel')`;
}

/** The waiting room on PostgreSQL and PGlite: the event row's lock orders the draw and the places given after it. */
export function createWaitingRoomRepository(db: Db): WaitingRoomRepository {
  async function record(executor: Executor, action: Omit<WaitingRoomAction, 'at'>, now: Date) {
    await executor.execute(
      sql`insert into waiting_room_actions (event_id, actor, action, account_id, at) values (${action.eventId}, ${action.actor}, ${action.action}, ${action.accountId}, ${now})`,
    );
  }

  async function entryOf(executor: Executor, eventId: string, accountId: string) {
    const [row] = await rows<EntryRow>(executor, sql`select ${ENTRY_COLUMNS} from queue_entries where event_id = ${eventId} and account_id = ${accountId}`);
    return row ? toEntry(row) : null;
  }

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

  return {
    async createEvent(input) {
      return db.transaction(async (tx) => {
        const known = new Set((await rows<{ id: string }>(tx, sql`select id::text from shows where id::text in (${sql.join(input.showIds.map((id) => sql`${id}`), sql`, `)})`)).map((r) => r.id));
        const unknown = input.showIds.find((id) => !known.has(id));
        if (unknown) return { refused: 'unknown-show' as const, showId: unknown };
        const [event] = await rows<EventRow>(
          tx,
          sql`insert into on_sale_events (name, on_sale_at, waiting_room, shopping_capacity, window_minutes, created_by, created_at)
              values (${input.name}, ${input.onSaleAt}, ${input.waitingRoom}, ${input.shoppingCapacity}, ${input.windowMinutes}, ${input.actor}, ${input.now})
              returning *`,
        );
        const claimed = await rows<{ show_id: string }>(
          tx,
          sql`insert into on_sale_event_shows (show_id, event_id)
              values ${sql.join(input.showIds.map((id) => sql`(${id}::uuid, ${event!.id}::uuid)`), sql`, `)}
              on conflict (show_id) do nothing returning show_id::text`,
        );
        const taken = input.showIds.find((id) => !claimed.some((row) => row.show_id === id));
        if (taken) throw new ShowInEvent(taken);
        await record(tx, { eventId: event!.id, actor: input.actor, action: 'create', accountId: null }, input.now);
        return toEvent({ ...event!, show_ids: input.showIds });
      }).catch((error: unknown) => {
        // Thrown to roll the new event back: one of its shows already belongs to another event.
        if (error instanceof ShowInEvent) return { refused: 'show-in-event' as const, showId: error.showId };
        throw error;
      });
    },

    async events() {
      const found = await rows<EventRow>(
        db,
        sql`select e.*, (select array_agg(s.show_id::text order by s.show_id) from on_sale_event_shows s where s.event_id = e.id) as show_ids
            from on_sale_events e where not ${cancelled(sql`e.id`)} order by e.on_sale_at desc`,
      );
      return found.map(toEvent);
    },

    async pulse(eventId, now) {
      const [row] = await rows<{ shows: number; taken: number; admitted: number; out_of_turn: string[] | null; ended: string[] | null }>(
        db,
        sql`select (select count(*)::int from on_sale_event_shows where event_id = ${eventId}) as shows,
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
        seatsLeft: row!.shows * ALL_SEATS.length - row!.taken,
        admittedLastMinute: row!.admitted,
        outOfTurn: new Set(row!.out_of_turn ?? []),
        endedAdmissions: new Set(row!.ended ?? []),
      };
    },

    entry: (eventId, accountId) => entryOf(db, eventId, accountId),

    async drawnPlaces(eventId) {
      // Joined before the draw: the pre-queue it placed (later arrivals learn their place when they join).
      const found = await rows<{ account_id: string; place: number }>(
        db,
        sql`select q.account_id, q.place from queue_entries q join on_sale_events e on e.id = q.event_id
            where q.event_id = ${eventId} and q.place is not null and q.joined_at <= e.drawn_at`,
      );
      return new Map(found.map((row) => [row.account_id, row.place]));
    },

    async findEntry(eventId, accountIdOrEmail) {
      const [row] = await rows<EntryRow>(
        db,
        sql`select ${sql.raw('q.event_id, q.account_id, q.joined_at, q.place, q.admitted_at, q.window_ends_at, q.claimed_at, q.left_at, q.removed_at')}
            from queue_entries q join users u on u.id = q.account_id
            where q.event_id = ${eventId} and (u.id = ${accountIdOrEmail} or lower(u.email) = lower(${accountIdOrEmail}))
            order by (u.id = ${accountIdOrEmail}) desc limit 1`,
      );
      return row ? toEntry(row) : null;
    },

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

    async entryClaiming(eventId, accountId, now) {
      // One round trip: the claim when due (still open, within the grace, unclaimed), else the row as it is.
      const [row] = await rows<EntryRow>(
        db,
        sql`with claimed as (
              update queue_entries set claimed_at = ${now}
              where event_id = ${eventId} and account_id = ${accountId} and admitted_at is not null and claimed_at is null
                and admitted_at > ${new Date(now.getTime() - ADMISSION_GRACE_MS)} and window_ends_at > ${now}
                and left_at is null and removed_at is null
              returning ${ENTRY_COLUMNS}
            )
            select ${ENTRY_COLUMNS} from claimed
            union all
            select ${ENTRY_COLUMNS} from queue_entries
            where event_id = ${eventId} and account_id = ${accountId} and not exists (select 1 from claimed)`,
      );
      return row ? toEntry(row) : null;
    },

    async leave(eventId, accountId, now) {
      const [row] = await rows<EntryRow>(
        db,
        sql`update queue_entries set left_at = ${now} where event_id = ${eventId} and account_id = ${accountId} and left_at is null and removed_at is null
            returning ${ENTRY_COLUMNS}`,
      );
      return row ? toEntry(row) : entryOf(db, eventId, accountId);
    },

    async figures(eventId, now): Promise<EventFigures> {
      const [counts] = await rows<{ pre_queue: number; waiting: number }>(
        db,
        sql`select count(*) filter (where place is null and left_at is null and removed_at is null)::int as pre_queue,
                   count(*) filter (where place is not null and admitted_at is null and left_at is null and removed_at is null)::int as waiting
            from queue_entries where event_id = ${eventId}`,
      );
      const [shopping] = await rows<{ n: number }>(db, activeShopping(eventId, now));
      const { seatsLeft, admittedLastMinute } = await this.pulse(eventId, now);
      const [shows] = await rows<{ n: number }>(db, sql`select count(*)::int as n from on_sale_event_shows where event_id = ${eventId}`);
      return {
        preQueue: counts!.pre_queue,
        waiting: counts!.waiting,
        shopping: shopping!.n,
        admittedLastMinute,
        seats: shows!.n * ALL_SEATS.length,
        seatsLeft,
      };
    },

    async setPaused(eventId, paused, actor, now) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`update on_sale_events set paused = ${paused} where id = ${eventId}`);
        await record(tx, { eventId, actor, action: paused ? 'pause' : 'resume', accountId: null }, now);
      });
    },

    async admitEntry(eventId, accountId, actor, now) {
      return db.transaction(async (tx) => {
        const [event] = await rows<{ window_minutes: number }>(tx, sql`select window_minutes from on_sale_events where id = ${eventId}`);
        if (!event) return null;
        const windowEndsAt = new Date(now.getTime() + event.window_minutes * 60_000);
        const [row] = await rows<EntryRow>(
          tx,
          sql`update queue_entries set admitted_at = ${now}, window_ends_at = ${windowEndsAt}, claimed_at = null, left_at = null, removed_at = null
              where event_id = ${eventId} and account_id = ${accountId} returning ${ENTRY_COLUMNS}`,
        );
        if (!row) return null;
        await record(tx, { eventId, actor, action: 'admit', accountId }, now);
        return toEntry(row);
      });
    },

    async removeEntry(eventId, accountId, actor, now) {
      return db.transaction(async (tx) => {
        const [row] = await rows<EntryRow>(
          tx,
          sql`update queue_entries set removed_at = ${now} where event_id = ${eventId} and account_id = ${accountId} returning ${ENTRY_COLUMNS}`,
        );
        if (!row) return null;
        await record(tx, { eventId, actor, action: 'remove', accountId }, now);
        return toEntry(row);
      });
    },

    async cancelEvent(eventId, { actor, now, unreadable }) {
      return db.transaction(async (tx) => {
        const [event] = await rows<{ on_sale_at: string; drawn_at: string | null }>(
          tx,
          sql`select on_sale_at, drawn_at from on_sale_events where id = ${eventId} and not ${cancelled(sql`${eventId}::uuid`)} for update`,
        );
        if (!event) return 'not-found' as const;
        // Under the row's lock, so that the draw (or the on-sale time) and the cancel cannot both happen.
        if (!unreadable && (event.drawn_at !== null || instant(event.on_sale_at) <= now)) return 'started' as const;
        // Its shows are free again: they sell as any show, or join another event.
        await tx.execute(sql`delete from on_sale_event_shows where event_id = ${eventId}`);
        await record(tx, { eventId, actor, action: 'cancel', accountId: null }, now);
        return 'cancelled' as const;
      });
    },

    async actions(eventId) {
      const found = await rows<{ event_id: string; actor: string; action: WaitingRoomAction['action']; account_id: string | null; at: string }>(
        db,
        sql`select event_id, actor, action, account_id, at from waiting_room_actions where event_id = ${eventId} order by at desc, id limit 200`,
      );
      return found.map((row) => ({ eventId: row.event_id, actor: row.actor, action: row.action, accountId: row.account_id, at: instant(row.at) }));
    },
  };
}
