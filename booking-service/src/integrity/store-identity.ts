import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Store, StoreIdentity } from '../store/types.ts';

/** Start-up refused: the message says what is wrong and what to do. */
export class StartupRefusal extends Error {}

/** Where DATA_DIR remembers the databases the service set up: location -> identity. */
export const MARKER_FILE = 'store-identity.json';

type Marker = Record<string, { id: string; createdAt: string }>;

function readMarker(file: string): Marker {
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Marker;
  } catch (error) {
    throw new StartupRefusal(`${file} cannot be read (${(error as Error).message}). Restore it from a backup, or delete it if the database is the right one.`);
  }
}

export interface IdentityOptions {
  /** Where the service keeps its files; the marker is written there (none: no marker, as in tests). */
  dataDir?: string;
  /** The database, named without credentials (the embedded folder, or server and database name). */
  location: string;
  now: Date;
  log: { warn(message: string): void };
}

/**
 * Makes sure the database has its identity record, and refuses to go on where a database was set
 * up before and is now missing or empty (deleted folder, replaced database): the service must never
 * start over on fresh sample data there. A database that holds data but no identity (set up by an
 * older version) gets one. DATA_DIR's marker file records the identity of each database used with it.
 */
export async function establishIdentity(store: Store, options: IdentityOptions): Promise<StoreIdentity> {
  const markerFile = options.dataDir ? path.join(options.dataDir, MARKER_FILE) : null;
  const marker = markerFile ? readMarker(markerFile) : {};
  const remembered = marker[options.location];
  let identity = await store.integrity.identity();
  if (!identity) {
    const counts = await store.integrity.countRows();
    const holdsData = counts.movies + counts.shows + counts.bookings > 0;
    if (!holdsData && remembered) {
      throw new StartupRefusal(
        `The database at ${options.location} is missing or empty, but ${markerFile} records that the database set up on ${remembered.createdAt} ` +
          `(identity ${remembered.id}) was there: it was deleted or replaced. The service does not start over on fresh sample data where data existed. ` +
          `Restore the database from a backup; or, to start over on purpose, remove its entry from ${markerFile}.`,
      );
    }
    identity = await store.integrity.initialise({ id: randomUUID(), createdAt: options.now });
    if (holdsData) options.log.warn(`the database at ${options.location} holds data but had no identity record (set up by an older version): recorded one`);
  } else if (remembered && remembered.id !== identity.id) {
    options.log.warn(`the database at ${options.location} is not the one ${markerFile} last saw there (identity ${remembered.id}, now ${identity.id})`);
  }
  if (markerFile && remembered?.id !== identity.id) {
    try {
      // On PostgreSQL or MongoDB nothing else may have created DATA_DIR yet.
      mkdirSync(path.dirname(markerFile), { recursive: true, mode: 0o700 });
      writeFileSync(markerFile, JSON.stringify({ ...marker, [options.location]: { id: identity.id, createdAt: identity.createdAt.toISOString() } }, null, 2), { mode: 0o600 });
    } catch (error) {
      options.log.warn(`could not record the database's identity in ${markerFile} (${(error as Error).message}): a deleted database will not be noticed at start`);
    }
  }
  return identity;
}
