import type { Connection } from 'mongoose';
import type { ChangeBus } from '../../store/types.ts';
import { createLocalChangeBus } from '../local-change-bus.ts';
import type { Models } from './models.ts';

export interface MongoChangeBus extends ChangeBus {
  close(): Promise<void>;
}

/**
 * Change streams need a replica set or a sharded cluster (a standalone mongod and
 * FerretDB have none): `hello` names the set or answers "isdbgrid" on a mongos.
 */
async function supportsChangeStreams(connection: Connection): Promise<boolean> {
  try {
    const hello = (await connection.db!.admin().command({ hello: 1 })) as { setName?: string; msg?: string };
    return Boolean(hello.setName) || hello.msg === 'isdbgrid';
  } catch {
    return false;
  }
}

/**
 * Changes on MongoDB. Where the deployment has change streams, the database tells
 * every instance of each booking written (its show's seats changed) and each show
 * added (the movie's schedule changed). Elsewhere `crossInstance` is false: this
 * instance's own changes go out at once, and the seat feed polls for the others'.
 */
export async function openMongoChangeBus(connection: Connection, models: Models): Promise<MongoChangeBus> {
  if (!(await supportsChangeStreams(connection))) {
    return { ...createLocalChangeBus(false), close: async () => {} };
  }
  const local = createLocalChangeBus(true);
  const bookings = models.Booking.watch([{ $match: { operationType: { $in: ['insert', 'update', 'replace'] } } }], {
    fullDocument: 'updateLookup',
  });
  bookings.on('change', (event: { fullDocument?: { showId?: string } }) => {
    if (event.fullDocument?.showId) local.deliver({ kind: 'seats', showId: event.fullDocument.showId });
  });
  const shows = models.Show.watch([{ $match: { operationType: 'insert' } }]);
  shows.on('change', (event: { fullDocument?: { movieId?: string } }) => {
    if (event.fullDocument?.movieId) local.deliver({ kind: 'schedule', movieId: event.fullDocument.movieId });
  });
  // The driver resumes a stream after a transient error by itself; one that gives up has lost changes.
  for (const stream of [bookings, shows]) stream.on('error', () => local.deliver({ kind: 'resync' }));
  return {
    crossInstance: true,
    subscribe: local.subscribe,
    // Every instance, this one included, hears the change from the stream; telling this one now
    // as well only refreshes its watchers a little earlier (a second refresh finds nothing new).
    publish: local.publish,
    async close() {
      await Promise.all([bookings.close(), shows.close()]);
    },
  };
}
