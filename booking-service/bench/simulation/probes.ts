/**
 * What the bench measures of the machine itself, measured the same way in the model: the load generator's event-loop
 * delay (monitorEventLoopDelay, 10 ms resolution, over the run) and the probe every 100 ms from the on-sale time, a
 * request answered from the instance's view (no database) through the front door and to nginx alone
 * (waiting-room-bench.ts, `probe`).
 */
import { MEASURED } from './costs.ts';
import { onCores, type EventLoop } from './engine.ts';
import { exchange, onGenerator, type World } from './world.ts';

const DELAY_RESOLUTION_MS = 10;
const PROBE_EVERY_MS = 100;

export interface Probes {
  generatorDelays: number[];
  frontDoor: number[];
  nginxAlone: number[];
  /** Straight to each instance (no nginx). */
  direct: number[][];
}

/**
 * Node's monitorEventLoopDelay as the bench enables it: a timer every 10 ms, recording the time between its callbacks,
 * so an idle loop reads the resolution itself (10 ms: nodejs/node#25378's measurements, min 10.03 ms) and a stall
 * shows once, in the one late callback (the next timer is set from there).
 */
function sampleDelays(world: World, loop: EventLoop, into: number[]) {
  const sample = () => {
    if (world.finished) return;
    const due = world.sim.now;
    loop.submit(0, () => {
      into.push(world.sim.now - due + DELAY_RESOLUTION_MS);
      world.sim.after(DELAY_RESOLUTION_MS, sample);
    });
  };
  world.sim.after(DELAY_RESOLUTION_MS, sample);
}

/** A probe: one call, then the next 100 ms after its answer, until the run ends. */
function probeLoop(world: World, call: (done: (ms: number) => void) => void, into: number[]) {
  const next = () => {
    if (world.finished) return;
    call((ms) => {
      into.push(ms);
      world.sim.after(PROBE_EVERY_MS, next);
    });
  };
  world.sim.at(world.db.onSaleAt, next);
}

export function startProbes(world: World): Probes {
  const probes: Probes = { generatorDelays: [], frontDoor: [], nginxAlone: [], direct: world.instances.map(() => []) };
  const { instances, random, sim } = world;
  if (world.generator) sampleDelays(world, world.generator, probes.generatorDelays);
  const anyInstance = () => instances[Math.floor(random.uniform() * instances.length)]!;
  probeLoop(world, (done) => exchange(world, anyInstance(), (respond) => respond(), done), probes.frontDoor);
  const client = world.costs.generatorPerExchange / 2;
  instances.forEach((instance, i) =>
    probeLoop(
      world,
      (done) => {
        const sentAt = sim.now;
        onGenerator(world, client, () => instance.loop.submit(MEASURED.requestCpu, () => onGenerator(world, client, () => done(sim.now - sentAt))));
      },
      probes.direct[i]!,
    ),
  );
  probeLoop(
    world,
    (done) => {
      const sentAt = world.sim.now;
      // nginx answers it itself: the client's and nginx's halves of an exchange, no instance.
      onGenerator(world, client, () => onCores(sim, world.proxyCores, world.costs.proxyPerExchange, () => onGenerator(world, client, () => done(sim.now - sentAt))));
    },
    probes.nginxAlone,
  );
  return probes;
}
