import { randomBytes, randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isDuplicateKeyError } from '../src/db/mongo/queries.ts';
import { connectMongo, createMongoStore } from '../src/db/mongo/store.ts';
import type { Store } from '../src/store/types.ts';
import { lanes } from './support/databases.ts';

const mongodb = lanes.find((lane) => lane.name === 'mongodb')!;
const PRE_QUEUE = 5_000;
const LEASE_MS = 60_000;

/**
 * Issue 56, point 2, on MongoDB (no transactions: the draw is ordered by a lease on the event document). A draw
 * whose instance stalls past its lease is taken over by another while the first may still be writing: the two
 * must never give one place twice, nor one entry two places, and the first must stop once it has lost the lease.
 * PostgreSQL draws in one transaction under the event's lock, with the same unique key on (event, place).
 */
describe.skipIf(mongodb.skipReason !== null)('the draw on mongodb: a lease that expires mid-draw', () => {
  let connection: Connection;
  let store: Store;

  beforeAll(async () => {
    connection = await connectMongo(inject('mongoLaneServer').uri!, { dbName: `test_${randomBytes(6).toString('hex')}` });
    store = createMongoStore(connection);
  });
  afterAll(async () => {
    await connection?.dropDatabase().catch(() => {});
    await store?.close();
  });

  /** An event due now, its pre-queue of `size` accounts written directly (joins one by one would take minutes). */
  async function eventWithPreQueue(size: number, now: Date): Promise<string> {
    const eventId = randomUUID();
    await connection.collection('on_sale_events').insertOne({
      _id: eventId as never,
      ...{ name: 'Lease', onSaleAt: new Date(now.getTime() - 1_000), waitingRoom: true, shoppingCapacity: 10, windowMinutes: 10, paused: false, serving: 0 },
      ...{ drawnAt: null, showIds: [`show-${eventId}`], createdBy: 'test', createdAt: now, live: true, cancelledAt: null, lastPlace: 0 },
      ...{ drawingBy: null, drawingSince: null, admittingBy: null, admittingUntil: null, lastAdmittedAt: null },
    });
    const entries = Array.from({ length: size }, (_, i) => ({
      _id: `${eventId}/account-${i}` as never,
      ...{ eventId, accountId: `account-${i}`, joinedAt: now, place: null },
      ...{ admittedAt: null, windowEndsAt: null, claimedAt: null, leftAt: null, removedAt: null },
    }));
    await connection.collection('queue_entries').insertMany(entries, { ordered: false });
    return eventId;
  }

  const placesOf = async (eventId: string) =>
    (await connection.collection('queue_entries').find({ eventId }, { projection: { place: 1 } }).toArray()).map((entry) => entry.place as number | null);

  it('a second instance takes over a draw that outlived its lease: every account one place, no place given twice, the first stops', async () => {
    const now = new Date();
    const eventId = await eventWithPreQueue(PRE_QUEUE, now);
    const first = store.waitingRoom.draw(eventId, now);
    // Once the first has given some places, another instance sees its lease expired (its clock a lease later).
    for (;;) {
      const placed = await connection.collection('queue_entries').countDocuments({ eventId, place: { $type: 'number' } });
      if (placed > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const second = store.waitingRoom.draw(eventId, new Date(now.getTime() + LEASE_MS + 5_000));
    // Both claimed the draw: the second took it over before the first had finished.
    expect(await Promise.all([first, second])).toEqual([true, true]);

    const places = await placesOf(eventId);
    expect(places.filter((place) => place === null)).toEqual([]);
    expect(new Set(places).size).toBe(PRE_QUEUE);
    const event = await connection.collection('on_sale_events').findOne({ _id: eventId as never });
    expect(event).toMatchObject({ drawingBy: null, lastPlace: Math.max(...(places as number[])) });
    expect(event!.drawnAt).not.toBeNull();
    // A join after the draw takes the next place, above every place given.
    const late = await store.waitingRoom.join(eventId, 'late-account', new Date(now.getTime() + LEASE_MS + 10_000));
    expect(late.place).toBe(Math.max(...(places as number[])) + 1);
  });

  it('the place key refuses a second account on a place already given (the write a stalled draw would land late)', async () => {
    const now = new Date();
    const eventId = await eventWithPreQueue(3, now);
    expect(await store.waitingRoom.draw(eventId, now)).toBe(true);
    const entries = connection.collection('queue_entries');
    await entries.insertOne({ _id: `${eventId}/stray` as never, eventId, accountId: 'stray', joinedAt: now, place: null, admittedAt: null, windowEndsAt: null, claimedAt: null, leftAt: null, removedAt: null });
    const refusal = await entries.updateOne({ _id: `${eventId}/stray` as never }, { $set: { place: 2 } }).then(() => null, (error: unknown) => error);
    expect(isDuplicateKeyError(refusal)).toBe(true);
    expect((await placesOf(eventId)).sort()).toEqual([1, 2, 3, null]);
  });

  it('a database where an older release gave one place twice: the store does not start, and says why', async () => {
    const entries = connection.collection('queue_entries');
    await entries.dropIndex('queue_entries_event_place_key');
    const twice = { eventId: 'older-event', joinedAt: new Date(), place: 7, admittedAt: null, windowEndsAt: null, claimedAt: null, leftAt: null, removedAt: null };
    await entries.insertMany([
      { _id: 'older-event/a' as never, accountId: 'a', ...twice },
      { _id: 'older-event/b' as never, accountId: 'b', ...twice },
    ]);
    await expect(connectMongo(inject('mongoLaneServer').uri!, { dbName: connection.db!.databaseName })).rejects.toThrow(
      'The queue_entries collection holds the key {"k0":"older-event","k1":7} twice, so its unique index queue_entries_event_place_key cannot be built. ' +
        'The guarantee it carries cannot be relied on: the store does not start until the duplicate is settled or the database is restored from a backup.',
    );
    // Settled (one of the two given another place), it starts and builds the key.
    await entries.updateOne({ _id: 'older-event/b' as never }, { $set: { place: 8 } });
    const again = await connectMongo(inject('mongoLaneServer').uri!, { dbName: connection.db!.databaseName });
    expect((await entries.indexes()).some((index) => index.name === 'queue_entries_event_place_key' && index.unique)).toBe(true);
    await again.close();
  });
});
