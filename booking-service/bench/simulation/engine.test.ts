import { describe, expect, it } from 'vitest';
import { Cores, EventLoop, Semaphore, Simulation } from './engine.ts';
import { seededRandom } from './random.ts';

/** Customers arriving as a Poisson stream at one FIFO server with exponential service: the mean wait in queue. */
function singleServerWait(arrivalRate: number, serviceRate: number, customers: number, cores = 1): number {
  const sim = new Simulation();
  const random = seededRandom(7);
  const loop = new EventLoop(sim, new Cores(cores));
  let totalWait = 0;
  let at = 0;
  for (let i = 0; i < customers; i++) {
    at += random.exponential(1 / arrivalRate);
    const service = random.exponential(1 / serviceRate);
    sim.at(at, () => {
      const arrived = sim.now;
      // The wait in queue: the time to completion less the service itself.
      loop.submit(service, () => (totalWait += sim.now - arrived - service));
    });
  }
  sim.run();
  return totalWait / customers;
}

describe('the simulation engine', () => {
  it('a single-server queue matches M/M/1: mean wait in queue rho / (mu - lambda), within 5%', () => {
    for (const [lambda, mu] of [
      [0.5, 1],
      [0.8, 1],
    ] as const) {
      const expected = lambda / mu / (mu - lambda);
      expect(Math.abs(singleServerWait(lambda, mu, 200_000) / expected - 1)).toBeLessThan(0.05);
    }
  });

  it('two processes on one core each run at half speed; on two cores at full speed', () => {
    for (const [cores, expected] of [
      [1, 20],
      [2, 10],
    ] as const) {
      const sim = new Simulation();
      const shared = new Cores(cores);
      const ends: number[] = [];
      for (const loop of [new EventLoop(sim, shared), new EventLoop(sim, shared)]) loop.submit(10, () => ends.push(sim.now));
      sim.run();
      // The second starts while the first runs: stretched by the sharing (the first, started alone, is not).
      expect(Math.max(...ends)).toBe(expected);
    }
  });

  it('runs actions in time order, ties in the order they were scheduled', () => {
    const sim = new Simulation();
    const seen: string[] = [];
    sim.at(5, () => seen.push('b'));
    sim.at(1, () => seen.push('a'));
    sim.at(5, () => seen.push('c'));
    sim.run();
    expect(seen).toEqual(['a', 'b', 'c']);
  });

  it('a semaphore lets `size` hold it at once and the rest in arrival order', () => {
    const pool = new Semaphore(2);
    const granted: number[] = [];
    for (const id of [1, 2, 3, 4]) pool.acquire(() => granted.push(id));
    expect(granted).toEqual([1, 2]);
    expect(pool.waitingCount).toBe(2);
    pool.release();
    pool.release();
    expect(granted).toEqual([1, 2, 3, 4]);
    pool.release();
    pool.release();
    expect(pool.inUse).toBe(0);
  });
});
