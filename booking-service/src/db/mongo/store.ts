import mongoose, { type Connection } from 'mongoose';
import { createReportRepository } from './report-repository.ts';
import type { Store } from '../../store/types.ts';
import { createBookingRepository } from './booking-repository.ts';
import { createModels, ensureIndexes } from './models.ts';
import { createMovieRepository } from './movie-repository.ts';
import { createOutboxRepository } from './outbox-repository.ts';
import { createCheckoutSessionRepository, createWebhookEventRepository } from './payment-repositories.ts';
import { createShowRepository } from './show-repository.ts';
import { createUserRepository } from './user-repository.ts';

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
    ...(options.dbName ? { dbName: options.dbName } : {}),
  });
  try {
    await connection.asPromise();
    await ensureIndexes(createModels(connection));
  } catch (error) {
    await connection.close().catch(() => {});
    throw error;
  }
  return connection;
}

/** The store on an open MongoDB connection (its indexes created, see connectMongo). */
export function createMongoStore(connection: Connection): Store {
  const models = createModels(connection);
  return {
    movies: createMovieRepository(models),
    shows: createShowRepository(models),
    bookings: createBookingRepository(models),
    users: createUserRepository(models),
    outbox: createOutboxRepository(models),
    webhookEvents: createWebhookEventRepository(models),
    checkoutSessions: createCheckoutSessionRepository(models),
    reports: createReportRepository(models),
    driver: 'mongodb',
    close: () => connection.close(),
  };
}

export async function openMongoStore(uri: string, options: MongoConnectOptions = {}): Promise<Store> {
  return createMongoStore(await connectMongo(uri, options));
}
