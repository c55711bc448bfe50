import type { WaitingRoomRepository } from '../../waiting-room/waiting-room-repository.ts';
import type { Db } from '../database.ts';
import { eventFigureQueries } from './waiting-room/figures.ts';
import { queueEntryQueries } from './waiting-room/entries.ts';
import { onSaleEventQueries } from './waiting-room/events.ts';
import { queueLineQueries } from './waiting-room/line.ts';

/**
 * The waiting room on PostgreSQL and PGlite, one file per part of the port (waiting-room/): staff's events,
 * the line (join, the pre-queue's close, admissions; the pre-queue's advisory lock orders the close and the joins),
 * one moviegoer's entry, and the figures the polls and the live panel read.
 */
export function createWaitingRoomRepository(db: Db): WaitingRoomRepository {
  return { ...onSaleEventQueries(db), ...queueLineQueries(db), ...queueEntryQueries(db), ...eventFigureQueries(db) };
}
