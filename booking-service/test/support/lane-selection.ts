/**
 * TEST_LANES, when set, names the database lanes a run wants (comma-separated: pglite, postgres, mongodb); the
 * others are skipped with that reason, and the MongoDB lane's server is then not started. The service's test
 * command (scripts/service-tests.mjs) runs PGlite at the worst hour of the day and the server lanes at the real
 * hour: what the hour decides is which seeded show a test picks, the same on every store (the stores' time queries
 * are held to one contract by repository-contract.test.ts on every lane). A file that opens no lane's store (the
 * migrations on a PGlite data folder, the identity provider, the built service on its own folder) runs with the
 * PGlite lane: it skips on laneLeftOut('pglite'), so that a split run runs it once.
 */
export type LaneName = 'pglite' | 'postgres' | 'mongodb';

const LANE_NAMES: readonly LaneName[] = ['pglite', 'postgres', 'mongodb'];

function wantedLanes(): ReadonlySet<string> | null {
  const given = process.env.TEST_LANES?.trim();
  if (!given) return null;
  const names = given.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !LANE_NAMES.includes(name as LaneName));
  if (unknown.length > 0) throw new Error(`TEST_LANES names no lane ${unknown.join(', ')}: use ${LANE_NAMES.join(', ')}`);
  return new Set(names);
}

/** Why `lane` does not run in this run (TEST_LANES leaves it out), or null when it is wanted. */
export function laneLeftOut(lane: LaneName): string | null {
  const wanted = wantedLanes();
  return wanted && !wanted.has(lane) ? `${lane} lane skipped: TEST_LANES is ${process.env.TEST_LANES}` : null;
}
