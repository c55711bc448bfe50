export declare const FERRETDB_VERSION: string;
export declare const DOCUMENTDB_TAG: string;
export declare const MONGODB_ENGINE_LABEL: string;
export declare function engineDir(): string;
export declare function ensureMongodbEngine(options?: {
  log?: (message: string) => void;
}): Promise<{ dir: string; ferretdb: string; skipReason?: undefined; failed?: undefined } | { dir?: undefined; ferretdb?: undefined; skipReason: string; failed?: true }>;
export interface MongodbEngineServer {
  /** FerretDB's MongoDB-protocol address. */
  uri: string;
  /** The PostgreSQL underneath (DocumentDB's tables), for diagnostics. */
  postgresUrl: string;
  pids: { postgres: number; ferretdb: number };
  dir: string;
  stop(): Promise<void>;
}
export declare function startMongodbEngine(options?: { ferretdb?: string; timeoutMs?: number }): Promise<MongodbEngineServer>;
