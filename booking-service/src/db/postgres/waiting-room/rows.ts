import { sql, type SQL } from 'drizzle-orm';
import type { OnSaleEvent, QueueEntry, WaitingRoomAction } from '../../../waiting-room/waiting-room-repository.ts';
import type { Db } from '../../database.ts';
import { postgresInstant } from '../timestamps.ts';
import { ADMISSION_GRACE_MS } from '../../../waiting-room/queue-rules.ts';

/** The waiting room's tables as its queries read them: rows, their mapping, and the conditions several queries share. */

export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface EventRow {
  id: string;
  name: string;
  on_sale_at: string;
  waiting_room: boolean;
  shopping_capacity: number;
  window_minutes: number;
  paused: boolean;
  sales_closed: boolean;
  streams_off: boolean;
  poll_every_seconds: number;
  serving: number;
  drawn_at: string | null;
  created_by: string;
  created_at: string;
  show_ids: string[] | null;
}

export interface EntryRow {
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

/** The entry's columns by name: of rows a query already read with `entryColumns` (a CTE's). */
export const ENTRY_COLUMNS = sql.raw('event_id, account_id, joined_at, place, admitted_at, window_ends_at, claimed_at, left_at, removed_at');

/**
 * The entry's columns read from the table (named `table` in the query). A pre-queue entry's place, once its queue
 * closed, is its rank by lottery key until an admission run writes it (line.ts): counted on the lottery index, only
 * for such an entry (COALESCE and CASE evaluate lazily). Polls carrying a place token never come here.
 */
export function entryColumns(table = 'queue_entries') {
  const t = sql.raw(table);
  return sql`${t}.event_id, ${t}.account_id, ${t}.joined_at,
    coalesce(${t}.place, case when ${t}.lottery_key is not null and exists (select 1 from on_sale_events e where e.id = ${t}.event_id and e.drawn_at is not null)
      then (select count(*)::int from queue_entries c
            where c.event_id = ${t}.event_id and c.lottery_key is not null and (c.lottery_key, c.account_id) <= (${t}.lottery_key, ${t}.account_id)) end) as place,
    ${t}.admitted_at, ${t}.window_ends_at, ${t}.claimed_at, ${t}.left_at, ${t}.removed_at`;
}

/** Raw queries get timestamps as PostgreSQL writes them (drizzle turns off node-postgres's date parsing): read exactly. */
export const instant = postgresInstant;

function instantOrNull(value: string | null): Date | null {
  return value === null ? null : postgresInstant(value);
}

export function toEvent(row: EventRow): OnSaleEvent {
  return {
    id: row.id,
    name: row.name,
    onSaleAt: instant(row.on_sale_at),
    waitingRoom: row.waiting_room,
    shoppingCapacity: row.shopping_capacity,
    windowMinutes: row.window_minutes,
    paused: row.paused,
    salesClosed: row.sales_closed,
    streamsOff: row.streams_off,
    pollEverySeconds: row.poll_every_seconds,
    serving: row.serving,
    drawnAt: instantOrNull(row.drawn_at),
    showIds: row.show_ids ?? [],
    createdBy: row.created_by,
    createdAt: instant(row.created_at),
  };
}

export function toEntry(row: EntryRow): QueueEntry {
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

export async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Records a staff or support action (create, pause, admit, ...) with who did it. */
export async function record(executor: Executor, action: Omit<WaitingRoomAction, 'at'>, now: Date) {
  await executor.execute(
    sql`insert into waiting_room_actions (event_id, actor, action, account_id, at) values (${action.eventId}, ${action.actor}, ${action.action}, ${action.accountId}, ${now})`,
  );
}

export async function entryOf(executor: Executor, eventId: string, accountId: string) {
  const [row] = await rows<EntryRow>(executor, sql`select ${entryColumns()} from queue_entries where event_id = ${eventId} and account_id = ${accountId}`);
  return row ? toEntry(row) : null;
}

/**
 * Shopping windows still taking a slot at `now`: admitted, open, claimed (or admitted within the grace), not
 * given up or removed, and the account has not paid for a booking of the event's shows since its admission
 * (a purchase ends the window).
 */
export function activeShopping(eventId: string, now: Date) {
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
export function endedAdmissions(eventId: string, now: Date, accountId?: string) {
  return sql`
    select array_agg(q.account_id) from queue_entries q
    where q.event_id = ${eventId}${accountId === undefined ? sql`` : sql` and q.account_id = ${accountId}`} and q.admitted_at > ${new Date(now.getTime() - OPEN_ADMISSIONS_LOOKBACK_MS)}
      and q.window_ends_at > ${new Date(now.getTime() - 60_000)}
      and (q.left_at is not null or q.removed_at is not null or exists (
        select 1 from bookings b join on_sale_event_shows s on s.show_id = b.show_id
        where s.event_id = q.event_id and b.user_id = q.account_id and b.is_paid and b.created_at >= q.admitted_at
      ))`;
}

/** Whether staff cancelled the event: its `cancel` action (kept with the other staff actions; the event row stays for them). */
export function cancelled(eventId: SQL) {
  return sql`exists (select 1 from waiting_room_actions a where a.event_id = ${eventId} and a.action = 'cancel')`;
}
