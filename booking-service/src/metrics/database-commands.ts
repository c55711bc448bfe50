import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** One command a store sent its database, and the rows (MongoDB: documents) it read and wrote. */
export interface DatabaseCommand {
  /** PostgreSQL's command tag (select, insert, update, begin, …) or MongoDB's command (find, update, …); failed when refused. */
  name: string;
  rowsRead: number;
  rowsWritten: number;
}

type CommandListener = (command: DatabaseCommand) => void;

/** Where a store reports each command it sent and the metrics listen: one per store (a test process holds many). */
export interface CommandTap {
  sent(command: DatabaseCommand): void;
  /** Hears every command from now on; the function returned stops it. */
  listen(listener: CommandListener): () => void;
}

export function createCommandTap(): CommandTap {
  let listeners: readonly CommandListener[] = [];
  return {
    sent(command) {
      for (const listener of listeners) listener(command);
    },
    listen(listener) {
      listeners = [...listeners, listener];
      return () => {
        listeners = listeners.filter((other) => other !== listener);
      };
    },
  };
}

/** Commands sent while no request is being answered (timers, the waiting room's ticks, change feeds, start-up). */
export const BACKGROUND_WORK = 'background';

/** The request whose work is running, while it is answered (`open`): its route's pattern. */
interface RequestWork {
  route: string;
  open: boolean;
}

const requestWork = new AsyncLocalStorage<RequestWork>();
const workOfRequest = new WeakMap<FastifyRequest, RequestWork>();

/**
 * A step of the one onRequest hook (composition/request-hooks.ts): what the request sends the database from here
 * on, through every await of its hooks and handler, counts under its route's pattern. Work it leaves behind (a
 * timer it started) counts as background once it is answered (answeredDatabaseWork).
 */
export function attributeDatabaseWork(request: FastifyRequest): void {
  const work = { route: request.is404 ? 'unmatched' : request.routeOptions.url ?? 'unmatched', open: true };
  workOfRequest.set(request, work);
  requestWork.enterWith(work);
}

/** A step of the one onResponse hook: the request's work is over. */
export function answeredDatabaseWork(request: FastifyRequest, _reply: FastifyReply): void {
  const work = workOfRequest.get(request);
  if (work) work.open = false;
}

/** The route whose request sent the command being counted, or BACKGROUND_WORK. */
export function routeOfDatabaseWork(): string {
  const work = requestWork.getStore();
  return work?.open ? work.route : BACKGROUND_WORK;
}
