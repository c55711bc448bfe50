export declare const resultsDir: string;
export interface BenchResult {
  title: string;
  command: string;
  markdown: string;
  failures: string[];
}
export declare function writeBenchResult(name: string, result: BenchResult): void;
