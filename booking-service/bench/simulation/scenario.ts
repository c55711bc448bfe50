/** The on-sales the simulation runs: the 10k bench's own, and the same on-sale at 10x and 100x on servers of their own. */
import { defaultShoppingCapacity } from '../../src/contract/seats/sales.ts';

export interface Scenario {
  name: string;
  moviegoers: number;
  /** Arrivals are even over this many seconds, the on-sale time at `preQueueShare` of it (the bench: 60 s, half). */
  arrivalS: number;
  preQueueShare: number;
  shows: number;
  seatsPerShow: number;
  shoppingCapacity: number;
  instances: number;
  /**
   * `shared`: every process (instances, nginx, PostgreSQL, the load generator) on `cores` cores, as the bench runs.
   * `dedicated`: each instance on a core of its own, nginx and PostgreSQL on machines of their own
   * (`proxyCores`, `databaseCores`), the moviegoers' browsers elsewhere (no load generator).
   */
  machine: { kind: 'shared'; cores: number } | { kind: 'dedicated'; proxyCores: number; databaseCores: number };
  /** DATABASE_POOL_SIZE (20 on PostgreSQL) and WAITING_ROOM_JOIN_BACKLOG (2,000): config.ts's defaults. */
  poolSize: number;
  joinBacklog: number;
  /**
   * `event-row-lock`: joins as line.ts wrote them until 2026-12-07, the design the 10k bench calibrated (the event
   * row's lock for the pre-queue and the place counter, the draw one statement under it). `no-hot-row`: joins as
   * line.ts writes them since (issue 56 point 1), a join in 2 transactions and no lock shared by all joins, the
   * pre-queue's order given at the join (no draw to run).
   */
  joins: 'event-row-lock' | 'no-hot-row';
  /** The bench drops a moviegoer whose join failed; the waiting page asks again after the Retry-After. */
  retryRefusedJoins: boolean;
  /** The longest the run goes on after the first arrival (the bench's BENCH_WR_MAX_S, 180 s). */
  maxS: number;
  seed: number;
}

/**
 * waiting-room-bench.ts's PostgreSQL scenario: 10,000 moviegoers over 60 s, half before the on-sale time; 4 shows of
 * the spec's hall (A-J x 9); the default shopping capacity (a quarter of the seats); 2 instances behind nginx; all of
 * it and the load generator on the machine's 2 cores.
 */
export const BENCH_10K: Scenario = {
  name: 'the 10k bench (2 instances, PostgreSQL, nginx, 2 shared cores)',
  moviegoers: 10_000,
  arrivalS: 60,
  preQueueShare: 0.5,
  shows: 4,
  seatsPerShow: 90,
  shoppingCapacity: defaultShoppingCapacity(4),
  instances: 2,
  machine: { kind: 'shared', cores: 2 },
  poolSize: 20,
  joinBacklog: 2_000,
  joins: 'event-row-lock',
  retryRefusedJoins: false,
  maxS: 180,
  seed: 1,
};

/**
 * The bench's on-sale scaled by `factor`: the crowd, and the event with it (shows, so the seats per moviegoer and
 * the shopping capacity per moviegoer stay the bench's), arriving in the same 60 s (the rate scales too: the worst
 * case, a crowd told "10:00" by the same announcement). On servers of their own, the browsers retrying refused joins.
 */
export function scaledOnSale(factor: number, instances: number, databaseCores: number, joins: Scenario['joins']): Scenario {
  const shows = 4 * factor;
  return {
    ...BENCH_10K,
    name: `${(BENCH_10K.moviegoers * factor).toLocaleString('en')} moviegoers, ${instances} instances, joins ${joins}`,
    joins,
    moviegoers: BENCH_10K.moviegoers * factor,
    shows,
    shoppingCapacity: defaultShoppingCapacity(shows),
    instances,
    // nginx's cost an exchange is fitted on the bench's machine (shared cores): a core per instance, generously.
    machine: { kind: 'dedicated', proxyCores: instances, databaseCores },
    retryRefusedJoins: true,
    maxS: 600,
  };
}
