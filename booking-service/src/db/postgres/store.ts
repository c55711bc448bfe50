import type { Database } from '../database.ts';
import { createReportRepository } from './report-repository.ts';
import type { Store } from '../../store/types.ts';
import { createBookingRepository } from './booking-repository.ts';
import { createIntegrityRepository } from './integrity-repository.ts';
import { createMovieRepository } from './movie-repository.ts';
import { createOutboxRepository } from './outbox-repository.ts';
import { createOperatingFigures } from './operating-figures.ts';
import { createCheckoutSessionRepository, createWebhookEventRepository } from './payment-repositories.ts';
import { createShowRepository } from './show-repository.ts';
import { createUserRepository } from './user-repository.ts';
import { createSupportActionRepository } from './support-action-repository.ts';
import { createCheckInRepository } from './check-in-repository.ts';
import { createCinemaRepository } from './cinema-repository.ts';
import { createWaitingRoomRepository } from './waiting-room-repository.ts';

/** The store on PostgreSQL, served either by a server or by PGlite in process. */
export function createPostgresStore(database: Database): Store {
  const { db } = database;
  // PGlite has one session: the booking rush's writes that queue behind a statement go in one batch (group-batches.ts).
  const groupBatches = database.driver === 'pglite';
  return {
    changes: database.changes,
    cinemas: createCinemaRepository(db),
    movies: createMovieRepository(db),
    shows: createShowRepository(db),
    bookings: createBookingRepository(db, { groupBatches }),
    users: createUserRepository(db, { groupBatches }),
    outbox: createOutboxRepository(db),
    webhookEvents: createWebhookEventRepository(db),
    checkoutSessions: createCheckoutSessionRepository(db),
    reports: createReportRepository(db),
    supportActions: createSupportActionRepository(db),
    checkIns: createCheckInRepository(db),
    waitingRoom: createWaitingRoomRepository(db),
    integrity: createIntegrityRepository(db),
    figures: createOperatingFigures(db, database.pool),
    commands: database.commands,
    driver: database.driver,
    close: () => database.close(),
  };
}
