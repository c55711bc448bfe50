/** One simulated on-sale, start to end, and the figures the bench reports of it (and the sizing ones it cannot see). */
import { percentile } from '../support/measures.ts';
import type { FittedCosts } from './costs.ts';
import { Instance } from './instance.ts';
import { Moviegoer, type Records } from './moviegoer.ts';
import { startProbes, type Probes } from './probes.ts';
import { seededRandom } from './random.ts';
import type { Scenario } from './scenario.ts';
import { createWorld, type World } from './world.ts';

export interface SimulatedFigures {
  pollP99: number;
  seatMapP99: number;
  bookingP99: number;
  joinP99: number;
  polls: number;
  admitted: number;
  booked: number;
  /** From the last seat to the last of those then waiting told "sold out" (s); null when it never sold out. */
  soldOutToAllS: number | null;
  /** From the on-sale time to the last seat (s). */
  lastSeatAfterOnSaleS: number | null;
  /** Mean transactions a second over the pre-queue's gathering and over the sale (the bench's windows), and the busiest second. */
  transactionsPreQueue: number;
  transactionsDuringSale: number;
  transactionsPeak: number;
  /** The draw's second: transactions then. */
  transactionsAtDraw: number;
  joinsRefused: number;
  /** Streams open at once, the most on one instance, and all instances together at the most. */
  streamsPerInstance: number;
  streamsTotal: number;
  /** Each instance's busiest second of its loop is not kept: its mean utilisation over the sale instead. */
  instanceLoopUtilisation: number;
  poolMostWaiting: number;
  /** Cores kept busy on average over the run by nginx and by PostgreSQL (dedicated machines; on the bench's both are the machine). */
  proxyCoresUsed: number;
  databaseCoresUsed: number;
  rowLockMostWaiting: number;
  drawAtS: number | null;
  moviegoersLeftWaiting: number;
  /** The load generator's event-loop delay p99 and max (NaN without one), the probes' p99s. */
  generatorDelayP99: number;
  generatorDelayMax: number;
  probeFrontDoorP99: number;
  probeNginxP99: number;
  probeDirectP99: number[];
}

export function simulate(scenario: Scenario, costs: FittedCosts): SimulatedFigures {
  const { world, records, probes } = runOnSale(scenario, costs);
  return figuresOf(world, records, probes);
}

/** The run itself: the world and what was recorded, for the figures and the model's tests. */
export function runOnSale(scenario: Scenario, costs: FittedCosts): { world: World; records: Records; probes: Probes } {
  const world = createWorld(scenario, seededRandom(scenario.seed), costs) as World;
  world.instances = Array.from({ length: scenario.instances }, (_, i) => new Instance(world, i));
  const records: Records = { polls: [], seatMaps: [], bookings: [], joins: [], lastSeatAt: null, moviegoers: [] };
  let active = scenario.moviegoers;
  const onDone = () => {
    if (--active === 0) world.finished = true;
  };
  for (let i = 0; i < scenario.moviegoers; i++) {
    const moviegoer = new Moviegoer(world, records, i, onDone);
    records.moviegoers.push(moviegoer);
    world.sim.at((i / scenario.moviegoers) * scenario.arrivalS * 1000, () => moviegoer.arrive());
  }
  for (const instance of world.instances) instance.start();
  const probes = startProbes(world);
  world.sim.run(scenario.maxS * 1000);
  world.finished = true;
  return { world, records, probes };
}

function figuresOf(world: World, records: Records, probes: Probes): SimulatedFigures {
  const { db, scenario, sim } = world;
  const drawAt = db.drawnAt;
  const { lastSeatAt, moviegoers } = records;
  const waitingThen = lastSeatAt === null ? [] : moviegoers.filter((m) => m.joinAnsweredAt !== null && m.joinAnsweredAt <= lastSeatAt && m.soldOutSeenAt !== null);
  const told = waitingThen.map((m) => (m.soldOutSeenAt! - lastSeatAt!) / 1000);
  const perSecond = db.transactionsBySecond;
  const mean = (from: number, to: number) => {
    let sum = 0;
    for (let s = Math.max(0, Math.floor(from)); s < to; s++) sum += perSecond[s] ?? 0;
    return sum / Math.max(1, to - from);
  };
  const onSaleS = db.onSaleAt / 1000;
  const saleEndS = lastSeatAt === null ? scenario.arrivalS : lastSeatAt / 1000;
  const drawSecond = drawAt === null ? null : Math.floor(drawAt / 1000);
  return {
    pollP99: percentile(records.polls, 99),
    seatMapP99: percentile(records.seatMaps, 99),
    bookingP99: percentile(records.bookings, 99),
    joinP99: percentile(records.joins, 99),
    polls: records.polls.length,
    admitted: moviegoers.filter((m) => m.admittedAt !== null).length,
    booked: moviegoers.filter((m) => m.booked).length,
    soldOutToAllS: told.length > 0 ? Math.max(...told) : null,
    lastSeatAfterOnSaleS: lastSeatAt === null ? null : (lastSeatAt - db.onSaleAt) / 1000,
    // The bench's windows: its samples from 4 s after the first arrival to the on-sale, and from 5 s after it to the last seat.
    transactionsPreQueue: mean(4, onSaleS),
    transactionsDuringSale: mean(onSaleS + 5, saleEndS),
    transactionsPeak: Math.max(...perSecond.map((n) => n ?? 0)),
    transactionsAtDraw: drawSecond === null ? 0 : (perSecond[drawSecond] ?? 0),
    joinsRefused: world.instances.reduce((sum, i) => sum + i.joinsRefused, 0),
    streamsPerInstance: Math.max(...world.instances.map((i) => i.streams.mostOpen)),
    streamsTotal: world.instances.reduce((sum, i) => sum + i.streams.mostOpen, 0),
    instanceLoopUtilisation: world.instances.reduce((sum, i) => sum + i.loop.busyTime, 0) / world.instances.length / sim.now,
    poolMostWaiting: Math.max(...world.instances.map((i) => i.pool.mostWaiting)),
    proxyCoresUsed: world.proxyCores.workDone / sim.now,
    databaseCoresUsed: world.databaseCores.workDone / sim.now,
    rowLockMostWaiting: db.rowLock.mostWaiting,
    drawAtS: drawAt === null ? null : (drawAt - db.onSaleAt) / 1000,
    moviegoersLeftWaiting: moviegoers.filter((m) => !m.done).length,
    generatorDelayP99: percentile(probes.generatorDelays, 99),
    generatorDelayMax: probes.generatorDelays.length > 0 ? Math.max(...probes.generatorDelays) : NaN,
    probeFrontDoorP99: percentile(probes.frontDoor, 99),
    probeNginxP99: percentile(probes.nginxAlone, 99),
    probeDirectP99: probes.direct.map((samples) => percentile(samples, 99)),
  };
}
