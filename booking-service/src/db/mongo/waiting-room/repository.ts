import type { Connection } from 'mongoose';
import type { WaitingRoomRepository } from '../../../waiting-room/waiting-room-repository.ts';
import type { Models } from '../models.ts';
import { createWaitingRoomModels } from './documents.ts';
import { queueEntryQueries } from './entries.ts';
import { onSaleEventQueries } from './events.ts';
import { eventFigureQueries } from './figures.ts';
import { queueLineQueries } from './line.ts';

/**
 * The waiting room on MongoDB, one file per part of the port as on PostgreSQL: staff's events, the line
 * (join, draw, admissions: ordered by the event document, its counters and its leases), one moviegoer's
 * entry, and the figures. Every write is a single-document write: no transactions (FerretDB 2.5 neither
 * isolates nor rolls them back).
 */
export function createMongoWaitingRoomRepository(connection: Connection, { Show, User, Booking, Cinema }: Pick<Models, 'Show' | 'User' | 'Booking' | 'Cinema'>): WaitingRoomRepository {
  const models = createWaitingRoomModels(connection);
  return {
    ...onSaleEventQueries({ Show, ...models }),
    ...queueLineQueries({ Booking, ...models }),
    ...queueEntryQueries({ User, ...models }),
    ...eventFigureQueries({ Booking, Show, Cinema, ...models }),
  };
}
