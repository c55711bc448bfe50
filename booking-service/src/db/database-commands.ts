import { AsyncResource } from 'node:async_hooks';
import type { Connection, mongo } from 'mongoose';
import type pg from 'pg';
import { createCommandTap, type CommandTap, type DatabaseCommand } from '../metrics/database-commands.ts';

const FAILED: DatabaseCommand = { name: 'failed', rowsRead: 0, rowsWritten: 0 };
const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/** A PostgreSQL statement's result as counted: its command tag, rows returned by a read, rows changed by a write. */
function postgresCommand(result: pg.QueryResult): DatabaseCommand {
  const tag = result.command ?? 'UNKNOWN';
  const rows = result.rowCount ?? 0;
  return { name: tag.toLowerCase(), rowsRead: tag === 'SELECT' ? rows : 0, rowsWritten: WRITES.has(tag) ? rows : 0 };
}

/** A statement's answer (or refusal) on the tap: each statement of a multi-statement string. */
function report(tap: CommandTap, error: unknown, answer: pg.QueryResult | pg.QueryResult[] | undefined) {
  if (error || !answer) return tap.sent(FAILED);
  for (const result of Array.isArray(answer) ? answer : [answer]) tap.sent(postgresCommand(result));
}

type Query = (...args: unknown[]) => unknown;

/**
 * `query` with each answer reported on the tap in the async context of its caller. A promise's continuation keeps
 * the caller's context; a callback is bound to it, as node-postgres calls back from its socket's (or, when the
 * pool queued the query, from the previous query's).
 */
function reporting(query: Query, tap: CommandTap): Query {
  return (...args: unknown[]) => {
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = AsyncResource.bind((error: unknown, answer: pg.QueryResult | pg.QueryResult[] | undefined) => {
        report(tap, error, answer);
        callback(error, answer);
      });
      return query(...args);
    }
    const pending = query(...args);
    if (pending instanceof Promise) {
      pending.then(
        (answer: pg.QueryResult | pg.QueryResult[]) => report(tap, null, answer),
        (error: unknown) => report(tap, error ?? 'refused', undefined),
      );
    }
    return pending;
  };
}

/**
 * Every statement sent through the pool, reported on the tap once answered: `pool.query` (the query builder's
 * statements outside a transaction) and a checked-out connection's `query` (inside one). The pool's own call of
 * its connection, with a callback, is the `pool.query` already counted.
 */
export function countPostgresCommands(pool: pg.Pool): CommandTap {
  const tap = createCommandTap();
  pool.query = reporting(pool.query.bind(pool) as Query, tap) as typeof pool.query;
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as Query;
    const counted = reporting(query, tap);
    client.query = ((...args: unknown[]) => (typeof args.at(-1) === 'function' ? query(...args) : counted(...args))) as typeof client.query;
  });
  return tap;
}

type Reply = Record<string, unknown> & {
  cursor?: { firstBatch?: unknown[]; nextBatch?: unknown[] };
  n?: number;
  nModified?: number;
  upserted?: unknown[];
  value?: unknown;
  lastErrorObject?: { n?: number };
};

/** A MongoDB command's reply as counted: documents a read returned, documents a write inserted, changed or removed. */
function mongoCommand({ commandName, reply }: mongo.CommandSucceededEvent): DatabaseCommand {
  const answer = (reply ?? {}) as Reply;
  const batch = answer.cursor?.firstBatch ?? answer.cursor?.nextBatch;
  switch (commandName) {
    case 'insert':
    case 'delete':
      return { name: commandName, rowsRead: 0, rowsWritten: answer.n ?? 0 };
    case 'update':
      return { name: commandName, rowsRead: 0, rowsWritten: (answer.nModified ?? 0) + (answer.upserted?.length ?? 0) };
    case 'findAndModify':
      return { name: commandName, rowsRead: answer.value ? 1 : 0, rowsWritten: answer.lastErrorObject?.n ?? 0 };
    case 'count':
      return { name: commandName, rowsRead: answer.n ?? 0, rowsWritten: 0 };
    default:
      return { name: commandName, rowsRead: batch?.length ?? 0, rowsWritten: 0 };
  }
}

/** Every command the connection's client sends (the driver's command monitoring), reported on the tap once answered. */
export function countMongoCommands(connection: Connection): CommandTap {
  const tap = createCommandTap();
  const client = connection.getClient();
  client.on('commandSucceeded', (event: mongo.CommandSucceededEvent) => tap.sent(mongoCommand(event)));
  client.on('commandFailed', () => tap.sent(FAILED));
  return tap;
}
