import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { ConfigError } from '../../config/config.ts';

/** Sends a notification the way the triggers' do: from a transaction on the request pool. */
export type SendNotification = (channel: string, payload: string) => Promise<unknown>;

/** A direct connection hears its own server's notification in milliseconds; this much is a lost one. */
const HEARD_WITHIN_MS = 5_000;

/**
 * Proves at start-up that the listening connection hears a notification sent from the request pool, and
 * refuses to start otherwise. Through PgBouncer in transaction mode, LISTEN runs on whichever server
 * connection is free and that connection goes back to the pool: notifications then reach nobody (or another
 * client) and the instance would silently miss every other instance's changes. One round trip, on a
 * channel of its own so no other listener hears it.
 */
export async function proveListenerHears(listener: pg.Client, send: SendNotification): Promise<void> {
  const channel = `session_check_${randomBytes(6).toString('hex')}`;
  const payload = randomBytes(8).toString('hex');
  let timer: NodeJS.Timeout | undefined;
  let onNotification: ((message: pg.Notification) => void) | undefined;
  const heard = new Promise<boolean>((resolve) => {
    onNotification = (message) => message.channel === channel && message.payload === payload && resolve(true);
    listener.on('notification', onNotification);
    timer = setTimeout(() => resolve(false), HEARD_WITHIN_MS);
  });
  try {
    await listener.query(`listen ${channel}`);
    await send(channel, payload);
    if (!(await heard)) {
      throw new ConfigError(
        `the PostgreSQL session URL (DATABASE_SESSION_URL, else DATABASE_URL) did not keep a session: a LISTEN on it heard nothing within ` +
          `${HEARD_WITHIN_MS / 1000} s of a NOTIFY, as through PgBouncer in transaction mode. Point DATABASE_SESSION_URL at the database ` +
          `itself (or a session-mode pool): other instances' changes and the migrations' lock need one connection for their whole life`,
      );
    }
  } finally {
    clearTimeout(timer);
    listener.off('notification', onNotification!);
    await listener.query(`unlisten ${channel}`).catch(() => {});
  }
}
