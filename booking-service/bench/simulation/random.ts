/** Seeded random numbers (pure-rand's xoroshiro128+): the same seed gives the same run, figure for figure. */
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

export interface Random {
  /** Uniform in [0, 1). */
  uniform(): number;
  /** Exponentially distributed with this mean: the service times of the model (memoryless, as M/M/c queues assume). */
  exponential(mean: number): number;
  /** An integer whose mean is `mean`: its floor, plus one with the fraction's probability (commands per request). */
  count(mean: number): number;
}

export function seededRandom(seed: number): Random {
  const generator = xoroshiro128plus(seed);
  const uniform = () => uniformFloat64(generator);
  return {
    uniform,
    exponential: (mean) => -mean * Math.log(1 - uniform()),
    count: (mean) => Math.floor(mean) + (uniform() < mean - Math.floor(mean) ? 1 : 0),
  };
}
