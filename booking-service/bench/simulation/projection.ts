/**
 * Sizing for 10k, 100k and 1M moviegoers: the bench's on-sale scaled (scenario.ts, scaledOnSale) on servers of
 * their own, simulated, with what an operator provisions read from it: instances, proxy connections and files,
 * database connections, transactions a second at the draw and at the peak, and how long the line takes to drain.
 */
import { admissionsPerRun, ADMISSION_RUN_SPACING_MS } from '../../src/waiting-room/queue-rules.ts';
import type { FittedCosts } from './costs.ts';
import { simulate, type SimulatedFigures } from './run.ts';
import { scaledOnSale, type Scenario } from './scenario.ts';

/** Plan streams at no more than 80% of WAITING_ROOM_STREAMS_TOTAL (the runbook's rule). */
const STREAM_HEADROOM = 0.8;
const STREAMS_PER_INSTANCE = 20_000;
/** PostgreSQL's LISTEN connection, one per instance beside its pool (several-instances.md). */
const LISTEN_CONNECTIONS = 1;

export interface Projection {
  scenario: Scenario;
  figures: SimulatedFigures;
  /** nginx's connections at the peak (HTTP/1.1 at the edge): per moviegoer waiting, the stream's two and the polls' keep-alive one. */
  proxyConnections: number;
  databaseConnections: number;
  /** Seconds to admit the whole crowd at the event's ramp, were there seats for all (admissions cap the rate, not seats). */
  drainS: number;
}

/** The database's cores assumed at each size (a PostgreSQL primary of its own; the run reports how many it kept busy). */
export const SIZES = [
  { factor: 1, databaseCores: 4 },
  { factor: 10, databaseCores: 8 },
  { factor: 100, databaseCores: 16 },
];

export function instancesFor(moviegoers: number): number {
  return Math.max(2, Math.ceil(moviegoers / (STREAMS_PER_INSTANCE * STREAM_HEADROOM)));
}

export function project(factor: number, databaseCores: number, joins: Scenario['joins'], costs: FittedCosts): Projection {
  const moviegoers = 10_000 * factor;
  const scenario = scaledOnSale(factor, instancesFor(moviegoers), databaseCores, joins);
  const figures = simulate(scenario, costs);
  const perRun = admissionsPerRun(scenario.shoppingCapacity);
  return {
    scenario,
    figures,
    proxyConnections: 3 * figures.streamsTotal,
    databaseConnections: scenario.instances * (scenario.poolSize + LISTEN_CONNECTIONS),
    drainS: (moviegoers / perRun) * (ADMISSION_RUN_SPACING_MS / 1000),
  };
}
