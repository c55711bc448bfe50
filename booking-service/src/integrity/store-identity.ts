import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Store, StoreIdentity, TableCounts } from '../store/types.ts';
import { isDatabaseUnavailable } from '../store/unavailable.ts';

/** Start-up refused: the message says what is wrong and what to do. */
export class StartupRefusal extends Error {}

/** Where DATA_DIR remembers the databases the service set up: location -> identity. */
export const MARKER_FILE = 'store-identity.json';

/** `spentAdoptions`: the ADOPT_STORE values already seen at a start here; each works once, never again. */
const Marker = z.record(z.string(), z.object({ id: z.string(), createdAt: z.string(), spentAdoptions: z.array(z.string()).optional() }));
type Marker = z.infer<typeof Marker>;

function readMarker(file: string): Marker {
  if (!existsSync(file)) return {};
  let problem: string;
  try {
    const parsed = Marker.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (parsed.success) return parsed.data;
    problem = 'it does not map database locations to identities';
  } catch (error) {
    problem = (error as Error).message;
  }
  throw new StartupRefusal(`${file} is not a marker file the service wrote (${problem}). Restore it from a backup, or delete it if the database is the right one.`);
}

const RESTORE = 'Stop the service and restore the database from a backup';

export interface IdentityOptions {
  /** Where the service keeps its files; the marker is written there (none: no marker, as in tests). */
  dataDir?: string;
  /** The database, named without credentials (the embedded folder, or server and database name). */
  location: string;
  now: Date;
  /** Set up an empty database that has no identity record (outside production, or INIT_EMPTY_DATABASE=true). */
  initialiseEmpty: boolean;
  /** ADOPT_STORE: the identity the operator adopts as this location's database (restored or replaced); works at one start only. */
  adopt?: string;
  log: { warn(message: string): void };
}

/** A read at start-up that fails on a damaged database (not an unreachable one) refuses to start, naming it. */
async function readOrRefuse<T>(location: string, what: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    const cause = (error as Error).cause instanceof Error ? ((error as Error).cause as Error) : (error as Error);
    throw new StartupRefusal(`The database at ${location} is damaged: ${what} cannot be read (${cause.message}). ${RESTORE}.`);
  }
}

const rowsHeld = (counts: TableCounts) => `${counts.movies} movies, ${counts.shows} shows, ${counts.bookings} bookings`;

/**
 * Makes sure the database is the one this location had, and refuses to start on one it cannot vouch
 * for: a database with data but no identity record (deleted, or its table damaged: the row counts
 * that reveal removed rows went with it), another database's identity than DATA_DIR's marker recorded
 * there (a swapped or replaced database), or a missing or empty database where one existed. Only the
 * operator's explicit settings get past them: ADOPT_STORE (this database is the right one) and, in
 * production, INIT_EMPTY_DATABASE (set up an empty database). DATA_DIR's marker file records the
 * identity of each database used with it.
 */
export async function establishIdentity(store: Store, options: IdentityOptions): Promise<StoreIdentity> {
  const { location } = options;
  const markerFile = options.dataDir ? path.join(options.dataDir, MARKER_FILE) : null;
  const marker = markerFile ? readMarker(markerFile) : {};
  const remembered = marker[location];
  // An adoption works at the first start that sees it, whether it adopted anything or not: left set, it
  // must not adopt a database damaged or swapped later.
  const spent = remembered?.spentAdoptions ?? [];
  const adopt = options.adopt && !spent.includes(options.adopt) ? options.adopt : undefined;
  if (options.adopt && !adopt) options.log.warn(`ADOPT_STORE=${options.adopt} was used at an earlier start and works only once: it is ignored; remove it`);
  const unspent = (id: string) => (spent.includes(id) ? randomUUID() : id);
  const found = await readOrRefuse(location, 'The store_identity table', () => store.integrity.identity());
  let identity: StoreIdentity;
  let adopted = false;

  if (found) {
    if (remembered && remembered.id !== found.id) {
      if (adopt !== found.id) {
        throw new StartupRefusal(
          `The database at ${location} is not the one ${markerFile} recorded there: it recorded identity ${remembered.id} (set up on ${remembered.createdAt}), ` +
            `this database is ${found.id} (set up on ${found.createdAt.toISOString()}). It was replaced or swapped. Put the right database back; ` +
            `or, if this one is right from now on, start once with ADOPT_STORE=${unspent(found.id)}.`,
        );
      }
      adopted = true;
    }
    identity = found;
  } else {
    const counts = await readOrRefuse(location, 'A table', () => store.integrity.countRows());
    if (counts.movies + counts.shows + counts.bookings > 0) {
      if (!adopt) {
        throw new StartupRefusal(
          `The database at ${location} has no identity record (store_identity) but holds data (${rowsHeld(counts)}): the record was deleted or its table ` +
            `damaged, and with it the row counts that reveal removed bookings, so the service cannot vouch for this data. ${RESTORE}; or, if you have ` +
            `checked that this data is whole, start once with ADOPT_STORE=${unspent(remembered?.id ?? randomUUID())} to record it as this location's database.`,
        );
      }
      identity = await store.integrity.initialise({ id: adopt, createdAt: options.now });
      adopted = true;
    } else if (remembered) {
      throw new StartupRefusal(
        `The database at ${location} is missing or empty, but ${markerFile} records that the database set up on ${remembered.createdAt} ` +
          `(identity ${remembered.id}) was there: it was deleted or replaced. The service does not start over on fresh sample data where data existed. ` +
          `Restore the database from a backup; or, to start over on purpose, remove its entry from ${markerFile}.`,
      );
    } else if (!options.initialiseEmpty) {
      throw new StartupRefusal(
        `The database at ${location} is empty and has no identity record, and in production the service sets up an empty database only when told to. ` +
          `If this is a new deployment, start once with INIT_EMPTY_DATABASE=true; if the database should hold data, restore it from a backup.`,
      );
    } else {
      identity = await store.integrity.initialise({ id: randomUUID(), createdAt: options.now });
    }
  }

  if (adopted) options.log.warn(`adopted the database at ${location} (identity ${identity.id}) as ADOPT_STORE said: remove ADOPT_STORE now`);
  else if (adopt) options.log.warn(`ADOPT_STORE=${adopt} is set but there was nothing to adopt: it is now spent (an adoption works once); remove it`);
  const spentNow = adopt ? [...spent, adopt] : spent;
  if (markerFile && (remembered?.id !== identity.id || spentNow !== spent)) {
    try {
      // On PostgreSQL or MongoDB nothing else may have created DATA_DIR yet.
      mkdirSync(path.dirname(markerFile), { recursive: true, mode: 0o700 });
      const entry = { id: identity.id, createdAt: identity.createdAt.toISOString(), ...(spentNow.length > 0 && { spentAdoptions: spentNow }) };
      writeFileSync(markerFile, JSON.stringify({ ...marker, [location]: entry }, null, 2), { mode: 0o600 });
    } catch (error) {
      options.log.warn(`could not record the database's identity in ${markerFile} (${(error as Error).message}): a deleted database will not be noticed at start`);
    }
  }
  return identity;
}
