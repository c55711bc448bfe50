import { sql } from 'drizzle-orm';
import { controlActions, type WaitingRoomAction, type WaitingRoomRepository } from '../../../waiting-room/waiting-room-repository.ts';
import type { Db } from '../../database.ts';
import { cancelled, instant, record, rows, toEvent, type EventRow } from './rows.ts';

/** Rolls a new event back when one of its shows already belongs to another event. */
class ShowInEvent extends Error {
  constructor(readonly showId: string) {
    super(`show ${showId} is already in an on-sale event`);
  }
}

/** Staff's side: the on-sale events, pausing and cancelling them, and the trail of who did what. */
export function onSaleEventQueries(db: Db): Pick<WaitingRoomRepository, 'createEvent' | 'events' | 'setPaused' | 'setControls' | 'cancelEvent' | 'actions'> {
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

    async setPaused(eventId, paused, actor, now) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`update on_sale_events set paused = ${paused} where id = ${eventId}`);
        await record(tx, { eventId, actor, action: paused ? 'pause' : 'resume', accountId: null }, now);
      });
    },

    async setControls(eventId, controls, actor, now) {
      await db.transaction(async (tx) => {
        const [before] = await rows<EventRow>(tx, sql`select * from on_sale_events where id = ${eventId} for update`);
        if (!before) return;
        const { waitingRoom, salesClosed, streamsOff, pollEverySeconds } = { ...toEvent({ ...before, show_ids: [] }), ...controls };
        await tx.execute(
          sql`update on_sale_events set waiting_room = ${waitingRoom}, sales_closed = ${salesClosed}, streams_off = ${streamsOff}, poll_every_seconds = ${pollEverySeconds}
              where id = ${eventId}`,
        );
        for (const action of controlActions(toEvent({ ...before, show_ids: [] }), controls)) await record(tx, { eventId, actor, action, accountId: null }, now);
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
