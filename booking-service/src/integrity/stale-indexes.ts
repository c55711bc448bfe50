import type { IntegrityRepository } from '../store/types.ts';
import { StartupRefusal } from './store-identity.ts';

/** The seat ledger's table: a key it holds twice is a seat sold twice. */
const SEAT_TABLE = 'seat_reservations';

export interface StaleIndexOptions {
  log: { warn(message: string): void };
}

type Indexes = Pick<IntegrityRepository, 'verifyIndexes' | 'rebuildIndex'>;

/**
 * The indexes a guarantee rests on (every unique and exclusion index of the service's tables, read from the
 * database's catalogue, and every index of the seat and money tables) checked against their tables, and each
 * one that does not match rebuilt from its table (the table is the truth, the index is derived). A stale seat
 * index would tell the next moviegoer that a paid seat is free; a stale admission index would admit a ticket twice.
 *
 * A rebuild the seat table refuses because it holds a seat twice is a double sale: the integrity check stops
 * that show's sales (the others sell on). A duplicate in another table, or a rebuild that fails for any other
 * reason, is damage the service cannot vouch for: answered as problems (start-up refuses, a running check
 * stops sales). `unavailable` says why nothing could be checked.
 */
export async function repairStaleIndexes(integrity: Indexes, { log }: StaleIndexOptions): Promise<{ problems: string[]; unavailable?: string }> {
  const verification = await integrity.verifyIndexes();
  if (!verification.checked) return { problems: [], unavailable: verification.reason };
  const problems: string[] = [];
  for (const { index, table, problem } of verification.damaged) {
    const rebuild = await integrity.rebuildIndex(index).catch((error: Error) => ({ rebuilt: false as const, failure: error.message }));
    if (rebuild.rebuilt) {
      log.warn(`Rebuilt the index ${index} from the ${table} table: it did not match its table (${problem}).`);
    } else if ('duplicate' in rebuild && table === SEAT_TABLE) {
      log.warn(
        `The index ${index} does not match the ${table} table and cannot be rebuilt: the table holds a seat twice (${rebuild.duplicate}), a double sale. ` +
          "That show's sales are stopped until support settles its bookings (GET /api/debug/integrity).",
      );
    } else {
      const why = 'duplicate' in rebuild ? `the table holds a key twice (${rebuild.duplicate})` : rebuild.failure;
      problems.push(
        `The index ${index} does not match the ${table} table (${problem}) and cannot be rebuilt: ${why}. ` +
          'The guarantee it carries cannot be relied on: stop the service and restore the database from a backup.',
      );
    }
  }
  return { problems };
}

/** At start, before any traffic: stale indexes rebuilt, and start-up refused on one that cannot be. */
export async function rebuildStaleIndexes(integrity: Indexes, options: StaleIndexOptions): Promise<void> {
  const { problems, unavailable } = await repairStaleIndexes(integrity, options);
  if (unavailable) {
    options.log.warn(`The index check is unavailable (${unavailable}): stale indexes are not looked for at start; the double-sale check still runs.`);
  }
  if (problems.length > 0) throw new StartupRefusal(problems.join(' '));
}
