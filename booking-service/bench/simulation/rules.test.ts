import { describe, expect, it } from 'vitest';
import { ADMISSION_RUN_SPACING_MS, admissionsPerRun } from '../../src/waiting-room/queue-rules.ts';
import { FITTED } from './calibration.ts';
import { runOnSale, simulate } from './run.ts';
import { BENCH_10K, type Scenario } from './scenario.ts';

/** A small on-sale of the bench's shape: 2,000 moviegoers over 20 s, with `instances` instances. */
const small = (instances: number, overrides: Partial<Scenario> = {}): Scenario => ({ ...BENCH_10K, moviegoers: 2_000, arrivalS: 20, instances, ...overrides });

describe("the on-sale model's rules", () => {
  it('admits at most one run a spacing for the whole event, whatever the number of instances', () => {
    for (const instances of [1, 2, 6]) {
      const { world } = runOnSale(small(instances), FITTED);
      const runs = world.db.admissionRuns;
      expect(runs.length).toBeGreaterThan(5);
      for (const run of runs) expect(run.count).toBeLessThanOrEqual(admissionsPerRun(world.scenario.shoppingCapacity));
      for (let i = 1; i < runs.length; i++) expect(runs[i]!.at - runs[i - 1]!.at).toBeGreaterThanOrEqual(ADMISSION_RUN_SPACING_MS);
    }
  });

  it('never has more shopping than the shopping capacity', () => {
    // A run may admit 10: the capacity of 5 is what stops it.
    const { world } = runOnSale(small(2, { shoppingCapacity: 5 }), FITTED);
    expect(world.db.mostShopping).toBe(5);
    expect(world.db.admitted).toBeGreaterThan(5);
  });

  it('draws once, however many instances see the on-sale time, and gives every pre-queue entry one place', () => {
    const { world, records } = runOnSale(small(4), FITTED);
    expect(world.db.draws).toBe(1);
    const places = records.moviegoers.map((m) => m.entry.place).filter((p) => p !== null);
    expect(places).toHaveLength(records.moviegoers.length);
    expect(new Set(places).size).toBe(places.length);
    expect(Math.max(...(places as number[]))).toBe(world.db.lastPlace);
  });

  it('never sells a seat twice, and stops admitting once sold out', () => {
    const { world, records } = runOnSale(small(2), FITTED);
    const seats = world.scenario.shows * world.scenario.seatsPerShow;
    expect(world.db.seatsLeft).toBe(0);
    expect(world.db.seats.flat().filter((free) => !free)).toHaveLength(seats);
    const lastAdmission = world.db.admissionRuns.at(-1)!.at;
    expect(lastAdmission).toBeLessThanOrEqual(records.lastSeatAt!);
  });

  it('is reproducible: the same seed gives the same figures, another seed others', () => {
    const scenario = small(2);
    expect(simulate(scenario, FITTED)).toEqual(simulate(scenario, FITTED));
    expect(simulate({ ...scenario, seed: 2 }, FITTED).pollP99).not.toBe(simulate(scenario, FITTED).pollP99);
  });
});
