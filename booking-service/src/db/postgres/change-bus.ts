import pg from 'pg';
import type { Change, ChangeBus } from '../../store/types.ts';
import { createLocalChangeBus } from '../local-change-bus.ts';
import { proveListenerHears, type SendNotification } from './listener-check.ts';

/** The channel the database's triggers notify (drizzle/0002_change_notifications.sql). */
const CHANNEL = 'booking_changes';
const RECONNECT_MS = 1_000;

export interface PostgresChangeBus extends ChangeBus {
  close(): Promise<void>;
}

/**
 * Changes through PostgreSQL's LISTEN/NOTIFY: triggers on the seat ledger and on
 * shows notify at commit, whoever wrote, and each instance keeps one connection
 * listening. A change costs one notification that the server hands to every
 * listener, whatever the number of watchers and instances. `publish` tells this
 * instance's subscribers at once, so its own next read sees its write; the same
 * change comes back from the database a moment later (a second, idle refresh).
 * While the listening connection is down notifications are lost, so a reconnect
 * tells subscribers to `resync`. With `sendCheck`, start-up first proves the listener hears what is sent
 * that way (listener-check.ts: a connection that does not keep its session is refused).
 */
export async function openPostgresChangeBus(listenerConfig: pg.ClientConfig, sendCheck?: SendNotification): Promise<PostgresChangeBus> {
  const local = createLocalChangeBus();
  let listener: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let closed = false;

  function received(message: pg.Notification) {
    if (message.channel !== CHANNEL || !message.payload) return;
    try {
      local.deliver(JSON.parse(message.payload) as Change);
    } catch {
      // not one of the triggers' payloads
    }
  }

  async function listen(): Promise<pg.Client> {
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
    return client;
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

  async function close() {
    closed = true;
    if (retry) clearTimeout(retry);
    await listener?.end().catch(() => {});
    listener = null;
  }

  const first = await listen();
  if (sendCheck) await proveListenerHears(first, sendCheck).catch(async (error: unknown) => {
    await close();
    throw error;
  });
  return { crossInstance: true, subscribe: local.subscribe, publish: local.publish, close };
}
