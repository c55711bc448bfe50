import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../src/store/types.ts';
import { lanes } from './support/databases.ts';
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
    });
  });
}
