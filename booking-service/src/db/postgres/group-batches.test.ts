import { describe, expect, it } from 'vitest';
import { groupBatches } from './group-batches.ts';

describe('group batches', () => {
  it('sends a lone call at once, and the calls made meanwhile together in the next batch', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const run = async (items: number[]) => {
      batches.push(items);
      if (batches.length === 1) await new Promise<void>((r) => (release = r));
      return items.map((n) => n * 10);
    };
    const call = groupBatches(run);
    const first = call(1);
    expect(batches).toEqual([[1]]);
    const rest = [call(2), call(3), call(4)];
    expect(batches).toEqual([[1]]);
    release();
    expect(await Promise.all([first, ...rest])).toEqual([10, 20, 30, 40]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('keeps batches to their maximum size', async () => {
    const sizes: number[] = [];
    const call = groupBatches(async (items: number[]) => (sizes.push(items.length), items), 2);
    await Promise.all([1, 2, 3, 4, 5].map((n) => call(n)));
    expect(sizes).toEqual([1, 2, 2]);
  });

  it("fails only the calls of a failed batch, and goes on with the next", async () => {
    let n = 0;
    let release!: () => void;
    const call = groupBatches(async (items: string[]) => {
      n++;
      if (n === 1) await new Promise<void>((r) => (release = r));
      if (n === 2) throw new Error('database gone');
      return items;
    });
    const first = call('a');
    const second = [call('b'), call('c')];
    release();
    expect(await first).toBe('a');
    await expect(Promise.all(second)).rejects.toThrow('database gone');
    expect(await call('d')).toBe('d');
  });
});
