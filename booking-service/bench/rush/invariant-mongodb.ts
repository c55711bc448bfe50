/**
 * The invariant on the MongoDB store, from the bookings collection: there the live
 * bookings' seat lists are the ledger (no separate rows), so the ledger columns are 0
 * by construction and the checks are seats in two live bookings and acknowledgements.
 */
import mongoose from 'mongoose';
import type { Ack } from './bookers.ts';
import type { InvariantFigures } from './invariant.ts';
import { REGION } from './settings.ts';


export async function checkMongoInvariant(uri: string, showId: string, heldBefore: number, acknowledged: Ack[]): Promise<InvariantFigures> {
  const connection = await mongoose.createConnection(uri).asPromise();
  try {
    const bookings = connection.collection<{ _id: string; userId: string; showId: string; seats: string[]; live: boolean; status: string }>('bookings');
    const problems: string[] = [];
    const live = await bookings.find({ live: true }, { projection: { userId: 1, showId: 1, seats: 1 } }).toArray();
    const holders = new Map<string, number>();
    for (const booking of live) for (const seat of booking.seats) holders.set(`${booking.showId} ${seat}`, (holders.get(`${booking.showId} ${seat}`) ?? 0) + 1);
    const doubleHeld = [...holders].filter(([, n]) => n > 1);
    for (const [key, n] of doubleHeld.slice(0, 5)) problems.push(`seat ${key.split(' ')[1]} of show ${key.split(' ')[0]} is listed by ${n} live bookings`);
    const stored = new Map((await bookings.find({ _id: { $in: acknowledged.map((a) => a.id) } }).toArray()).map((doc) => [doc._id, doc]));
    let acknowledgedMissing = 0;
    for (const ack of acknowledged) {
      const doc = stored.get(ack.id);
      const wanted = [...ack.seats].sort().join(',');
      const problem = !doc
        ? 'is not in the database'
        : !doc.live
          ? `is ${doc.status}`
          : doc.showId !== showId || doc.userId !== ack.sub || [...doc.seats].sort().join(',') !== wanted
            ? `is stored as ${doc.userId} / ${doc.showId} / ${doc.seats.join(',')}`
            : null;
      if (problem) {
        acknowledgedMissing++;
        if (acknowledgedMissing <= 5) problems.push(`acknowledged booking ${ack.id} (${ack.sub}, ${wanted}) ${problem}`);
      }
    }
    const acked = new Set(acknowledged.map((a) => a.id));
    const rushLive = live.filter((b) => b.showId === showId && b.userId.startsWith('rush|'));
    const unacknowledged = rushLive.filter((b) => !acked.has(b._id));
    if (unacknowledged.length) problems.push(`${unacknowledged.length} live booking(s) of the rush were never acknowledged with 200, e.g. ${unacknowledged[0]!._id}`);
    const held = live.filter((b) => b.showId === showId).flatMap((b) => b.seats);
    const region = new Set(REGION);
    return {
      heldBefore,
      heldAfter: held.length,
      regionHeld: held.filter((seat) => region.has(seat)).length,
      liveBenchBookings: rushLive.length,
      doubleHeld: doubleHeld.length,
      notExactlyHeld: 0,
      strayLedgerRows: 0,
      acknowledgedMissing,
      unacknowledgedLive: unacknowledged.length,
      problems,
    };
  } finally {
    await connection.close();
  }
}
