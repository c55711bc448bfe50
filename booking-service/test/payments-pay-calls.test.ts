import { existsSync, readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../src/store/types.ts';
import { lanes } from './support/databases.ts';
import { laneLeftOut } from './support/lane-selection.ts';
import { createBooking, submitCard } from './support/payments.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/** The repositories one Pay may touch; every call to them is counted while `counting` is on. */
const COUNTED = ['bookings', 'checkoutSessions', 'webhookEvents', 'outbox', 'shows', 'integrity'] as const;

/** Wraps the store's repositories' methods (before the app takes them) so each call is recorded as "repository.method". */
function countCalls(store: Store): { calls: string[]; counting: { on: boolean } } {
  const calls: string[] = [];
  const counting = { on: false };
  let nested = 0;
  for (const name of COUNTED) {
    const repository = store[name] as unknown as Record<string, unknown>;
    for (const [method, fn] of Object.entries(repository)) {
      if (typeof fn !== 'function') continue;
      repository[method] = (...args: unknown[]) => {
        // A method that calls another of its repository (PostgreSQL's getWithDetails runs list) is one call.
        if (counting.on && nested === 0) calls.push(`${name}.${method}`);
        nested++;
        try {
          return (fn as (...a: unknown[]) => unknown).apply(repository, args);
        } finally {
          nested--;
        }
      };
    }
  }
  return { calls, counting };
}

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const ARCHITECTURE = path.resolve(SRC, '../../docs/ARCHITECTURE.md');
/** Files of the walk one Pay here does not run: the refund of a payment for a show cancelled meanwhile, and the bookings' port (types only). */
const BRANCHES = ['payments/cancel-paid.ts', 'bookings/booking-repository.ts'];
/** What every request runs, whatever its route: not part of any walk. */
const PLUMBING = ['app.ts', 'composition/request-hooks.ts', 'http/', 'metrics/', 'db/database-commands.ts'];

/** docs/ARCHITECTURE.md's "A moviegoer pays", up to the next section. */
function thePaySection(): string {
  const doc = readFileSync(ARCHITECTURE, 'utf8');
  const start = doc.indexOf('### A moviegoer pays');
  return doc.slice(start, doc.indexOf('\n## ', start));
}

/** The service's files (from src/) a text names, each once, in the order it first names them. */
function filesNamedIn(text: string): string[] {
  const files = [...text.matchAll(/`([\w./-]+\.ts)`/g)].map(([, file]) => file!);
  return [...new Set(files.filter((file) => !file.startsWith('test/')))];
}

/** The files "A moviegoer pays" names (its walk and the files beneath it), from src/. */
function filesThePayWalkNames(): string[] {
  return filesNamedIn(thePaySection());
}

/**
 * The walk's parts: the files its numbered steps name, the list of the files a reader opens ("Those steps open N
 * files ..."), with the N it states, and the files beneath the walk.
 */
function thePayWalk() {
  const section = thePaySection();
  const list = section.indexOf('Those steps open');
  const beneath = section.indexOf('Beneath them');
  const plumbing = section.indexOf("Every request's plumbing");
  return {
    steps: filesNamedIn(section.slice(0, list)),
    listed: filesNamedIn(section.slice(list, beneath)),
    stated: Number(/Those steps open (\d+) files/.exec(section)?.[1]),
    beneath: filesNamedIn(section.slice(beneath, plumbing)),
  };
}

/** The service's files (from src/) any function of which V8 ran while `work` ran: precise coverage, reset first. */
async function filesRunBy(work: () => Promise<unknown>): Promise<string[]> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    await session.post('Profiler.takePreciseCoverage');
    await work();
    const { result } = await session.post('Profiler.takePreciseCoverage');
    return result
      .filter((script) => script.url.includes('/booking-service/src/') && script.functions.some((fn) => fn.ranges[0]!.count > 0))
      .map((script) => fileURLToPath(script.url.replace(/\?.*$/, '')).slice(SRC.length + 1))
      .sort();
  } finally {
    session.disconnect();
  }
}

describe.skipIf(laneLeftOut('pglite') !== null)("docs/ARCHITECTURE.md's walk of one Pay", () => {
  it('lists the files its steps name, in their order, as many as it says (the files beneath aside)', () => {
    const { steps, listed, stated, beneath } = thePayWalk();
    expect(listed).toHaveLength(stated);
    expect(listed).toEqual(steps.filter((file) => !beneath.includes(file)));
  });
});

/**
 * One press of the local checkout's Pay button, counted at the store: what it must read and write is the
 * session and the booking once each, the session's completion, the booking's guarded update (with its
 * e-ticket queued in the same write) and the e-ticket's delivery from the outbox.
 */
for (const lane of lanes) {
  describe.skipIf(lane.skipReason !== null)(`the database calls of one Pay on ${lane.name}`, () => {
    let t: TestApp;
    let store: Store;
    let counted: ReturnType<typeof countCalls>;

    beforeAll(async () => {
      store = await lane.openStore();
      counted = countCalls(store);
      t = await startTestApp(lane, { store, seed: true });
    });
    afterAll(async () => {
      await t?.close();
      await store?.close();
    });

    it('reads the session and the booking once, completes the session, pays the booking in one write', async () => {
      const { res, booking } = await createBooking(t, await t.tokenFor('counted@example.com'), 2);
      counted.counting.on = true;
      const paid = await submitCard(t, res.body.url);
      counted.counting.on = false;
      expect(paid.status).toBe(303);
      expect((await store.bookings.get(booking.id))!.isPaid).toBe(true);
      const database = counted.calls.filter((call) => !call.startsWith('outbox.'));
      // The show read last: a payment confirmed for a show the cinema cancelled meanwhile is refunded (issue 55).
      expect(database).toEqual(['checkoutSessions.get', 'bookings.getWithDetails', 'checkoutSessions.complete', 'bookings.updateIf', 'shows.get']);
      // docs/ARCHITECTURE.md names these calls, in this order.
      const named = readFileSync(ARCHITECTURE, 'utf8').match(/One Pay makes five database calls: ([^(]*)/)?.[1] ?? '';
      expect([...named.matchAll(/`([\w.]+)`/g)].map(([, call]) => call)).toEqual(database.slice(0, 4));
    });

    it.runIf(lane.name === 'pglite')("runs only files docs/ARCHITECTURE.md's walk names (or every request's plumbing), and every file it names exists", async () => {
      const { res } = await createBooking(t, await t.tokenFor('walked@example.com'), 2);
      const ran = await filesRunBy(() => submitCard(t, res.body.url));
      const named = filesThePayWalkNames();
      expect(named.filter((file) => !existsSync(path.join(SRC, file)))).toEqual([]);
      const unnamed = ran.filter((file) => !named.includes(file) && !PLUMBING.some((part) => file === part || file.startsWith(part)));
      expect(unnamed, 'files one Pay ran that the walk in docs/ARCHITECTURE.md does not name').toEqual([]);
      // The walk's own steps did run (a trace that saw nothing would pass the check above).
      expect(ran).toEqual(expect.arrayContaining(thePayWalk().listed.filter((file) => !BRANCHES.includes(file))));
    });
  });
}
