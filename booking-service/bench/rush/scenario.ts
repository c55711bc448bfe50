/** What a scenario reports, and the checks every scenario's figures must pass. */
import type { InvariantFigures } from './invariant.ts';
import type { LoadFigures } from './load.ts';

export interface ScenarioResult {
  name: string;
  instances: number;
  /** Why the scenario could not run here (no failure: reported as skipped). */
  skipped?: string;
  load?: LoadFigures;
  invariant?: InvariantFigures;
  log: string[];
  notes: string[];
  failures: string[];
}

export function judge(result: ScenarioResult): void {
  const { name, load, invariant, failures } = result;
  if (load) {
    const r = load.readers;
    if (r.errors + r.timeouts > 0) failures.push(`${name}: readers had ${r.errors} errors and ${r.timeouts} timeouts`);
    if (r.non2xx > 0) failures.push(`${name}: readers got ${r.non2xx} non-2xx answers (${JSON.stringify(r.statusCodes)})`);
    const b = load.bookers;
    const odd = Object.entries(b.oddities).map(([k, n]) => `${n} × ${k}`).join('; ');
    if (b.status5xx > 0) failures.push(`${name}: ${b.status5xx} booking attempts answered 5xx (${odd})`);
    if (b.connectionErrors > 0) failures.push(`${name}: ${b.connectionErrors} booking attempts failed to connect or timed out (${odd})`);
    if (b.other4xx > 0) failures.push(`${name}: ${b.other4xx} booking attempts answered a 4xx other than 409 (${odd})`);
    if (b.ok === 0) failures.push(`${name}: no booking succeeded`);
  }
  if (invariant) for (const problem of invariant.problems) failures.push(`${name}: invariant broken: ${problem}`);
}
