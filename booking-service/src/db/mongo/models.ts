import type { Connection, Model, Schema } from 'mongoose';
import { describeEngine, type MongoEngine } from './engine.ts';
import { uniqueKeyHeldTwice } from './index-verification.ts';
import type { WaitingRoomModels } from './waiting-room/documents.ts';
import { screenScheduleSchema, type ScreenScheduleDocument } from './screen-schedule-schema.ts';
import {
  bookingSchema,
  checkInSchema,
  cinemaSchema,
  checkoutSessionSchema,
  favoriteSchema,
  movieSchema,
  outboxSchema,
  showSchema,
  storeIdentitySchema,
  supportActionSchema,
  userSchema,
  webhookEventSchema,
  type BookingDocument,
  type CheckInDocument,
  type CinemaDocument,
  type CheckoutSessionDocument,
  type FavoriteDocument,
  type MovieDocument,
  type OutboxDocument,
  type ShowDocument,
  type StoreIdentityDocument,
  type SupportActionDocument,
  type UserDocument,
  type WebhookEventDocument,
} from './schemas.ts';

export interface Models {
  Movie: Model<MovieDocument>;
  Show: Model<ShowDocument>;
  User: Model<UserDocument>;
  Favorite: Model<FavoriteDocument>;
  Booking: Model<BookingDocument>;
  Outbox: Model<OutboxDocument>;
  WebhookEvent: Model<WebhookEventDocument>;
  CheckoutSession: Model<CheckoutSessionDocument>;
  StoreIdentity: Model<StoreIdentityDocument>;
  SupportAction: Model<SupportActionDocument>;
  CheckIn: Model<CheckInDocument>;
  Cinema: Model<CinemaDocument>;
  /** Each screen's occupations: db/mongo/screen-schedule.ts. */
  ScreenSchedule: Model<ScreenScheduleDocument>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- mongoose's schema generics do not line up with Model<T>
type AnySchema = Schema<any>;

function model<T>(connection: Connection, name: string, schema: AnySchema): Model<T> {
  // A connection keeps its models: asking twice gives the same one.
  return (connection.models[name] ?? connection.model(name, schema)) as unknown as Model<T>;
}

/** The models bound to one connection (several stores may live in one process, e.g. in tests). */
export function createModels(connection: Connection): Models {
  return {
    Movie: model(connection, 'Movie', movieSchema),
    Show: model(connection, 'Show', showSchema),
    User: model(connection, 'User', userSchema),
    Favorite: model(connection, 'Favorite', favoriteSchema),
    Booking: model(connection, 'Booking', bookingSchema),
    Outbox: model(connection, 'Outbox', outboxSchema),
    WebhookEvent: model(connection, 'WebhookEvent', webhookEventSchema),
    CheckoutSession: model(connection, 'CheckoutSession', checkoutSessionSchema),
    StoreIdentity: model(connection, 'StoreIdentity', storeIdentitySchema),
    SupportAction: model(connection, 'SupportAction', supportActionSchema),
    CheckIn: model(connection, 'CheckIn', checkInSchema),
    Cinema: model(connection, 'Cinema', cinemaSchema),
    ScreenSchedule: model(connection, 'ScreenSchedule', screenScheduleSchema),
  };
}

/**
 * Creates the indexes the schemas declare that do not exist yet (and the
 * collections with them). It never drops an index, so several instances may
 * start at once; an existing index of the same name with other options makes
 * this fail loudly instead of serving without the seat ledger's unique index.
 */
export async function ensureIndexes(models: Models & WaitingRoomModels, engine: MongoEngine): Promise<void> {
  for (const m of Object.values(models) as Model<unknown>[]) {
    try {
      await m.createIndexes();
    } catch (error) {
      // A new unique index over documents an earlier release wrote twice (one place given to two accounts): each engine
      // words its refusal its own way (DocumentDB: an exclusion constraint), so the documents say it.
      const twice = await uniqueKeyHeldTwice(m).catch(() => null);
      if (twice) {
        throw new Error(
          `The ${m.collection.collectionName} collection holds the key ${twice.key} twice, so its unique index ${twice.index} cannot be built. ` +
            'The guarantee it carries cannot be relied on: the store does not start until the duplicate is settled or the database is restored from a backup.',
          { cause: error },
        );
      }
      throw new Error(
        `The server refused the indexes of the ${m.collection.collectionName} collection: ${(error as Error).message}. ` +
          'The store needs unique and partial indexes on array fields (MongoDB 4.4 or later, Atlas; FerretDB 1.x has neither), ' +
          `so it does not start without them. The server is ${describeEngine(engine)}.`,
        { cause: error },
      );
    }
  }
}
