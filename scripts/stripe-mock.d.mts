export declare const STRIPE_MOCK_VERSION: string;
export declare const STRIPE_MOCK_LABEL: string;
export declare function stripeMockBinary(): string;
export declare function stripeMockSpec(): string;
export declare function moduleDirHash(dir: string, modulePrefix: string): string;
export declare function ensureStripeMock(options?: {
  log?: (message: string) => void;
}): Promise<{ binary: string; spec: string; skipReason?: undefined; failed?: undefined } | { binary?: undefined; spec?: undefined; skipReason: string; failed?: true }>;
export interface StripeMockServer {
  /** Its HTTP address, http://127.0.0.1:<port>. */
  url: string;
  port: number;
  pid: number;
  /** The temporary folder of its log. */
  dir: string;
  stop(): Promise<void>;
}
export declare function startStripeMock(options?: { binary?: string; timeoutMs?: number }): Promise<StripeMockServer>;
