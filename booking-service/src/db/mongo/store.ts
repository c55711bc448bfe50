import mongoose, { type Connection } from 'mongoose';
import { createReportRepository } from './report-repository.ts';
import type { Store } from '../../store/types.ts';
import { createBookingRepository } from './booking-repository.ts';
import { createLocalChangeBus } from '../local-change-bus.ts';
import { openMongoChangeBus, type MongoChangeBus } from './change-bus.ts';
import { recognisedEngine, recogniseEngine } from './engine.ts';
import { createModels, ensureIndexes } from './models.ts';
import { buildScreenSchedules } from './screen-schedule.ts';
import { createOperatingFigures } from './operating-figures.ts';
import { createWaitingRoomModels } from './waiting-room/documents.ts';
import { createMongoWaitingRoomRepository } from './waiting-room/repository.ts';
import { createIntegrityRepository } from './integrity-repository.ts';
import { createMovieRepository } from './movie-repository.ts';
import { createOutboxRepository } from './outbox-repository.ts';
import { createCheckoutSessionRepository, createWebhookEventRepository } from './payment-repositories.ts';
import { createShowRepository } from './show-repository.ts';
import { createUserRepository } from './user-repository.ts';
import { createCheckInRepository } from './check-in-repository.ts';
import { createSupportActionRepository } from './support-action-repository.ts';
import { createCinemaRepository } from './cinema-repository.ts';
import { moveShowsOntoScreens, putBuiltInChainOnItsClock } from './cinemas-migration.ts';
import { recordAdmissionsOnBookings } from './admissions-migration.ts';
import { countMongoCommands } from '../database-commands.ts';

export interface MongoConnectOptions {
  /** Database to use instead of the one named in the URI (the tests use a fresh one per file). */
  dbName?: string;
  serverSelectionTimeoutMS?: number;
  maxPoolSize?: number;
}

/**
 * Connects to MongoDB and creates the collections' indexes before anything is
 * served: the seat ledger's unique index must exist before the first booking.
 * Needs no replica set: every write the store relies on is a single-document write.
 */
export async function connectMongo(uri: string, options: MongoConnectOptions = {}): Promise<Connection> {
  const connection = mongoose.createConnection(uri, {
    serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? 10_000,
    maxPoolSize: options.maxPoolSize ?? 50,
    // Each command's answer heard by the store's tap (database-commands.ts): the metrics count them by request.
    monitorCommands: true,
    ...(options.dbName ? { dbName: options.dbName } : {}),
  });
  try {
    await connection.asPromise();
    // FerretDB 1.x is refused by its answer to the partial index (as MongoDB before 3.2 would be);
    // FerretDB 2 over DocumentDB and MongoDB create them. The message names the server either way.
    await moveShowsOntoScreens(connection);
    await putBuiltInChainOnItsClock(connection);
    await recordAdmissionsOnBookings(connection);
    await ensureIndexes({ ...createModels(connection), ...createWaitingRoomModels(connection) }, await recogniseEngine(connection));
    await buildScreenSchedules(createModels(connection));
  } catch (error) {
    await connection.close().catch(() => {});
    throw error;
  }
  return connection;
}

/**
 * The store on an open MongoDB connection (its indexes created, see connectMongo).
 * Without a change bus, other instances' changes are not heard and watchers poll (see openMongoChangeBus).
 */
export function createMongoStore(connection: Connection, changes: MongoChangeBus = { ...createLocalChangeBus(false), close: async () => {} }): Store {
  const models = createModels(connection);
  return {
    changes,
    cinemas: createCinemaRepository(models),
    movies: createMovieRepository(models),
    shows: createShowRepository(models),
    // On DocumentDB a refused seat insert costs ten times a read (see createBookingRepository).
    bookings: createBookingRepository(models, { readBeforeInsert: recognisedEngine(connection)?.kind === 'ferretdb-2' }),
    users: createUserRepository(models),
    outbox: createOutboxRepository(models),
    webhookEvents: createWebhookEventRepository(models),
    checkoutSessions: createCheckoutSessionRepository(models),
    reports: createReportRepository(models),
    supportActions: createSupportActionRepository(models),
    checkIns: createCheckInRepository(models),
    waitingRoom: createMongoWaitingRoomRepository(connection, models),
    integrity: createIntegrityRepository(models, createWaitingRoomModels(connection)),
    figures: createOperatingFigures(models),
    commands: countMongoCommands(connection),
    driver: 'mongodb',
    async close() {
      await changes.close();
      await connection.close();
    },
  };
}

export async function openMongoStore(uri: string, options: MongoConnectOptions = {}): Promise<Store> {
  const connection = await connectMongo(uri, options);
  return createMongoStore(connection, await openMongoChangeBus(connection, createModels(connection)));
}
