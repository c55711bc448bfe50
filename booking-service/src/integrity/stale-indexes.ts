import type { IntegrityRepository } from '../store/types.ts';
import { StartupRefusal } from './store-identity.ts';

/** The seat ledger's table: a key it holds twice is a seat sold twice. */
const SEAT_TABLE = 'seat_reservations';

export interface StaleIndexOptions {
  log: { warn(message: string): void };
}

/**
 * At start, before any traffic: the indexes that guard seats and money checked against their tables, and
 * each one that does not match rebuilt from its table (the table is the truth, the index is derived). A
 * stale seat index would otherwise tell the next moviegoer that a paid seat is free.
 *
 * A rebuild the seat table refuses because it holds a seat twice is a double sale: start-up goes on and the
 * integrity check that follows stops that show's sales. A duplicate in another table, or a rebuild that fails
 * for any other reason, is damage the service cannot vouch for: start-up is refused.
 */
export async function rebuildStaleIndexes(integrity: Pick<IntegrityRepository, 'verifyIndexes' | 'rebuildIndex'>, { log }: StaleIndexOptions): Promise<void> {
  const verification = await integrity.verifyIndexes();
  if (!verification.checked) {
    log.warn(`The index check is unavailable (${verification.reason}): stale indexes are not looked for at start; the double-sale check still runs.`);
    return;
  }
  for (const { index, table, problem } of verification.damaged) {
    const rebuild = await integrity.rebuildIndex(index);
    if (rebuild.rebuilt) {
      log.warn(`Rebuilt the index ${index} from the ${table} table: it did not match its table (${problem}).`);
    } else if (table === SEAT_TABLE) {
      log.warn(
        `The index ${index} does not match the ${table} table and cannot be rebuilt: the table holds a seat twice (${rebuild.duplicate}), a double sale. ` +
          "That show's sales are stopped until support settles its bookings (GET /api/debug/integrity).",
      );
    } else {
      throw new StartupRefusal(
        `The index ${index} does not match the ${table} table (${problem}) and cannot be rebuilt: the table holds a key twice (${rebuild.duplicate}). ` +
          'Stop the service and restore the database from a backup.',
      );
    }
  }
}
