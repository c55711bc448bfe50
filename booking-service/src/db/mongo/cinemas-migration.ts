import type { Connection } from 'mongoose';
import { BUILT_IN_TIME_ZONE, builtInChain, DEFAULT_SCREEN_ID } from '../../cinemas/built-in-chain.ts';
import { COLLECTIONS } from './schemas.ts';

/** The unique index of shows before cinemas (one show per movie and instant): a chain plays a movie at one instant on many screens. */
const INDEX_BEFORE_CINEMAS = 'shows_movie_starts_at_key';
const INDEX_NOT_FOUND = 27;
const NAMESPACE_NOT_FOUND = 26;

/**
 * MongoDB's side of PostgreSQL's migration 0015, run at every connect before the indexes are made
 * (connectMongo): shows written before cinemas existed go to the default cinema's first screen with no other
 * seat prices (their price unchanged, nothing removed), and the old per-movie-and-instant unique index goes,
 * for the per-screen one. Both steps change nothing the second time, and several instances may run them at once.
 */
export async function moveShowsOntoScreens(connection: Connection): Promise<void> {
  const shows = connection.collection(COLLECTIONS.shows);
  await shows.updateMany({ screenId: { $exists: false } }, { $set: { screenId: DEFAULT_SCREEN_ID, seatPriceCents: {} } });
  try {
    await shows.dropIndex(INDEX_BEFORE_CINEMAS);
  } catch (error) {
    const code = (error as { code?: number }).code;
    if (code !== INDEX_NOT_FOUND && code !== NAMESPACE_NOT_FOUND && !/index not found|ns not found/i.test((error as Error).message)) throw error;
  }
}

/**
 * MongoDB's side of PostgreSQL's migration 0021, run at every connect: the built-in chain's cinemas,
 * stored on THEATRE_TIMEZONE's clock before, move to their own (India's). Shows keep their stored instant: nothing sold
 * moves. Changes nothing the second time; several instances may run it at once.
 */
export async function putBuiltInChainOnItsClock(connection: Connection): Promise<void> {
  const ids = builtInChain().map((cinema) => cinema.id);
  await connection.collection<{ _id: string; timeZone: string }>(COLLECTIONS.cinemas).updateMany({ _id: { $in: ids }, timeZone: { $ne: BUILT_IN_TIME_ZONE } }, { $set: { timeZone: BUILT_IN_TIME_ZONE } });
}
