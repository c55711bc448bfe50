export declare function postgresBinaries(): string | null;
export interface TestPostgres {
  url: string;
  stopCommand: string;
  stop(): void;
}
export declare function startTestPostgres(bin?: string | null, env?: NodeJS.ProcessEnv): Promise<TestPostgres>;
