/**
 * How each benchmark hands its figures to the performance report: one JSON file
 * per benchmark in `.bench/`, composed into docs/performance.md by
 * scripts/performance-report.mjs after `npm run bench` has run them all.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const resultsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '.bench');

/**
 * @param {string} name file name, also the report's section order key (e.g. '20-rush')
 * @param {{ title: string, command: string, markdown: string, failures: string[] }} result
 *   markdown: the section body (tables and notes); failures: one line per missed budget.
 */
export function writeBenchResult(name, result) {
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(path.join(resultsDir, `${name}.json`), JSON.stringify({ ...result, measuredAt: new Date().toISOString() }, null, 2));
}
