import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Change, ChangeBus } from '../../store/types.ts';
import { createLocalChangeBus } from '../local-change-bus.ts';

/** The one channel every instance listens on. */
const CHANNEL = 'booking_changes';
const RECONNECT_MS = 1_000;

export interface PostgresChangeBus extends ChangeBus {
  close(): Promise<void>;
}

/**
 * Changes through PostgreSQL's LISTEN/NOTIFY: each instance keeps one connection
 * listening, and a change is one NOTIFY that the server hands to every listener.
 * Database load is one statement per change, whatever the number of watchers
 * and instances. This instance's own notifications come back too and are skipped
 * (its subscribers heard them at publish). While the listening connection is down,
 * notifications are lost, so a reconnect tells subscribers to `resync`.
 *
 * `notify` sends one notification through the service's pool.
 */
export async function openPostgresChangeBus(
  listenerConfig: pg.ClientConfig,
  notify: (channel: string, payload: string) => Promise<unknown>,
): Promise<PostgresChangeBus> {
  const local = createLocalChangeBus();
  const instance = randomUUID();
  let listener: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let closed = false;

  function received(message: pg.Notification) {
    if (message.channel !== CHANNEL || !message.payload) return;
    let parsed: Change & { from?: string };
    try {
      parsed = JSON.parse(message.payload) as Change & { from?: string };
    } catch {
      return; // not one of ours
    }
    if (parsed.from === instance) return;
    const { from: _from, ...change } = parsed;
    local.deliver(change as Change);
  }

  async function listen(): Promise<void> {
    const client = new pg.Client(listenerConfig);
    client.on('notification', received);
    // A dropped connection (server restart) is replaced; what was sent meanwhile is lost.
    client.on('error', () => {});
    client.on('end', () => {
      if (listener !== client || closed) return;
      listener = null;
      reconnectSoon();
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    listener = client;
  }

  function reconnectSoon() {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      listen().then(
        () => local.deliver({ kind: 'resync' }),
        () => reconnectSoon(),
      );
    }, RECONNECT_MS);
    retry.unref();
  }

  await listen();
  return {
    crossInstance: true,
    subscribe: local.subscribe,
    async publish(change) {
      local.deliver(change);
      // The change itself is stored already; if the notification cannot be sent, other instances'
      // caches catch up within their time to live and their watchers at their next resync.
      await notify(CHANNEL, JSON.stringify({ ...change, from: instance })).catch(() => {});
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await listener?.end().catch(() => {});
      listener = null;
    },
  };
}
