import { sql } from 'drizzle-orm';
import type { WaitingRoomRepository } from '../../../waiting-room/waiting-room-repository.ts';
import type { Db } from '../../database.ts';
import { ADMISSION_GRACE_MS } from '../../../waiting-room/queue-rules.ts';
import { ENTRY_COLUMNS, entryColumns, entryOf, record, rows, toEntry, type EntryRow } from './rows.ts';

/** One moviegoer's entry: read, claimed, given up, and support's admit or remove out of turn. */
export function queueEntryQueries(db: Db): Pick<WaitingRoomRepository, 'entry' | 'drawnPlaces' | 'findEntry' | 'entryClaiming' | 'leave' | 'admitEntry' | 'removeEntry'> {
  return {
    entry: (eventId, accountId) => entryOf(db, eventId, accountId),

    async drawnPlaces(eventId) {
      // The closed pre-queue: each entry's rank by lottery key (the place the admissions write as they reach it);
      // an event drawn before the lottery keys (migration 0024): the places its draw wrote. Later arrivals learn
      // their place when they join.
      const found = await rows<{ account_id: string; place: number }>(
        db,
        sql`select q.account_id, row_number() over (order by q.lottery_key, q.account_id)::int as place
            from queue_entries q join on_sale_events e on e.id = q.event_id
            where q.event_id = ${eventId} and e.drawn_at is not null and q.lottery_key is not null
            union all
            select q.account_id, q.place from queue_entries q join on_sale_events e on e.id = q.event_id
            where q.event_id = ${eventId} and q.lottery_key is null and q.place is not null and q.joined_at <= e.drawn_at
              and not exists (select 1 from queue_entries k where k.event_id = ${eventId} and k.lottery_key is not null)`,
      );
      return new Map(found.map((row) => [row.account_id, row.place]));
    },

    async findEntry(eventId, accountIdOrEmail) {
      const [row] = await rows<EntryRow>(
        db,
        sql`select ${entryColumns('q')}
            from queue_entries q join users u on u.id = q.account_id
            where q.event_id = ${eventId} and (u.id = ${accountIdOrEmail} or lower(u.email) = lower(${accountIdOrEmail}))
            order by (u.id = ${accountIdOrEmail}) desc limit 1`,
      );
      return row ? toEntry(row) : null;
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
              returning ${entryColumns()}
            )
            select ${ENTRY_COLUMNS} from claimed
            union all
            select ${entryColumns()} from queue_entries
            where event_id = ${eventId} and account_id = ${accountId} and not exists (select 1 from claimed)`,
      );
      return row ? toEntry(row) : null;
    },

    async leave(eventId, accountId, now) {
      const [row] = await rows<EntryRow>(
        db,
        sql`update queue_entries set left_at = ${now} where event_id = ${eventId} and account_id = ${accountId} and left_at is null and removed_at is null
            returning ${entryColumns()}`,
      );
      return row ? toEntry(row) : entryOf(db, eventId, accountId);
    },

    async admitEntry(eventId, accountId, actor, now) {
      return db.transaction(async (tx) => {
        const [event] = await rows<{ window_minutes: number }>(tx, sql`select window_minutes from on_sale_events where id = ${eventId}`);
        if (!event) return null;
        const windowEndsAt = new Date(now.getTime() + event.window_minutes * 60_000);
        const [row] = await rows<EntryRow>(
          tx,
          sql`update queue_entries set admitted_at = ${now}, window_ends_at = ${windowEndsAt}, claimed_at = null, left_at = null, removed_at = null
              where event_id = ${eventId} and account_id = ${accountId} returning ${entryColumns()}`,
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
          sql`update queue_entries set removed_at = ${now} where event_id = ${eventId} and account_id = ${accountId} returning ${entryColumns()}`,
        );
        if (!row) return null;
        await record(tx, { eventId, actor, action: 'remove', accountId }, now);
        return toEntry(row);
      });
    },
  };
}
