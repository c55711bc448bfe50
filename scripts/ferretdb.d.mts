export declare const FERRETDB_VERSION: string;
export declare const FERRETDB_LABEL: string;
export declare const ferretdbBinary: string;
export declare function findGo(): string | null;
export declare function ensureFerretdb(options?: { log?: (message: string) => void }): { binary: string; skipReason?: undefined } | { binary?: undefined; skipReason: string };
export interface FerretdbServer {
  uri: string;
  pid: number;
  dir: string;
  stop(): Promise<void>;
}
export declare function startFerretdb(options?: { binary?: string; timeoutMs?: number }): Promise<FerretdbServer>;
