/**
 * The simulated site: the machine(s) and their cores, the load generator (on the bench's machine only), nginx, the
 * database and the instances, and one HTTP exchange through them.
 */
import { MEASURED, type FittedCosts } from './costs.ts';
import { Database } from './database.ts';
import { Cores, EventLoop, onCores, Simulation } from './engine.ts';
import type { Instance } from './instance.ts';
import type { Random } from './random.ts';
import type { Scenario } from './scenario.ts';

export interface World {
  sim: Simulation;
  random: Random;
  scenario: Scenario;
  costs: FittedCosts;
  /** The load generator's one event loop (the bench's), or null: browsers are elsewhere. */
  generator: EventLoop | null;
  proxyCores: Cores;
  instanceCores: Cores[];
  databaseCores: Cores;
  db: Database;
  instances: Instance[];
  /** Set when every moviegoer is done: the timers stop. */
  finished: boolean;
}

export function createWorld(scenario: Scenario, random: Random, costs: FittedCosts): Omit<World, 'instances'> {
  const sim = new Simulation();
  const { machine } = scenario;
  const shared = machine.kind === 'shared' ? new Cores(machine.cores) : null;
  const databaseCores = shared ?? new Cores(machine.kind === 'dedicated' ? machine.databaseCores : 1);
  const onSaleAt = scenario.arrivalS * scenario.preQueueShare * 1000;
  return {
    sim,
    random,
    scenario,
    costs,
    generator: shared ? new EventLoop(sim, shared) : null,
    proxyCores: shared ?? new Cores(machine.kind === 'dedicated' ? machine.proxyCores : 1),
    instanceCores: Array.from({ length: scenario.instances }, () => shared ?? new Cores(1)),
    databaseCores,
    db: new Database(sim, databaseCores, random, scenario, onSaleAt),
    finished: false,
  };
}

/** Work on the load generator's loop (nothing when the browsers are elsewhere). */
export function onGenerator(world: World, work: number, done: () => void) {
  if (world.generator) world.generator.submit(work, done);
  else done();
}

/**
 * One request and its answer: the generator writes it, nginx passes it, the instance's loop runs the plumbing
 * (MEASURED.requestCpu), `serve` does the route's work and calls `respond`, and the answer goes back the same way.
 * `done` gets the latency the generator saw.
 */
export function exchange(world: World, instance: Instance, serve: (respond: () => void) => void, done: (ms: number) => void) {
  const { sim, proxyCores } = world;
  const client = world.costs.generatorPerExchange / 2;
  const proxy = world.costs.proxyPerExchange / 2;
  const sentAt = sim.now;
  onGenerator(world, client, () =>
    onCores(sim, proxyCores, proxy, () =>
      instance.loop.submit(MEASURED.requestCpu, () =>
        serve(() => onCores(sim, proxyCores, proxy, () => onGenerator(world, client, () => done(sim.now - sentAt)))),
      ),
    ),
  );
}
