import type { Connection } from 'mongoose';

/** Which MongoDB-protocol server the store is on, as its `buildInfo` tells. */
export type MongoEngine =
  /** FerretDB 1.x (SQLite or PostgreSQL backend): no partial indexes, so the store refuses it at start. */
  | { kind: 'ferretdb-1'; version: string }
  /** FerretDB 2.x, always over PostgreSQL with DocumentDB: accepted (docs/service/mongodb.md). */
  | { kind: 'ferretdb-2'; version: string }
  /** MongoDB itself, or a service that answers as MongoDB does. */
  | { kind: 'mongodb'; version: string };

interface BuildInfo {
  version?: string;
  /** FerretDB 1.x's field. */
  ferretdbVersion?: string;
  /** FerretDB 2.x's field. */
  ferretdb?: { version?: string };
}

export function engineOf(info: BuildInfo): MongoEngine {
  if (info.ferretdbVersion) return { kind: 'ferretdb-1', version: info.ferretdbVersion };
  if (info.ferretdb?.version) return { kind: 'ferretdb-2', version: info.ferretdb.version };
  return { kind: 'mongodb', version: info.version ?? 'unknown' };
}

export function describeEngine(engine: MongoEngine): string {
  switch (engine.kind) {
    case 'ferretdb-1':
      return `FerretDB ${engine.version}`;
    case 'ferretdb-2':
      return `FerretDB ${engine.version} (over DocumentDB)`;
    case 'mongodb':
      return `MongoDB ${engine.version}`;
  }
}

/** The engine of each connection the store opened (connectMongo recognises it once). */
const engines = new WeakMap<Connection, MongoEngine>();

export async function recogniseEngine(connection: Connection): Promise<MongoEngine> {
  const engine = engineOf((await connection.db!.admin().command({ buildInfo: 1 })) as BuildInfo);
  engines.set(connection, engine);
  return engine;
}

/** What recogniseEngine found on this connection, if it ran. */
export function recognisedEngine(connection: Connection): MongoEngine | undefined {
  return engines.get(connection);
}
