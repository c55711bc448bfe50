import { describe, expect, it, vi } from 'vitest';
import { withRetries } from './retry';

const failed = { ok: false as const };
const loaded = { ok: true as const };

describe('retrying a remote load', () => {
  it('retries a transient failure with growing waits, resetting before each retry, and returns the success', async () => {
    const attempt = vi.fn().mockResolvedValueOnce(failed).mockResolvedValueOnce(failed).mockResolvedValue(loaded);
    const waits: number[] = [];
    const beforeRetry = vi.fn();
    const result = await withRetries(attempt, { delays: [300, 1200], beforeRetry, wait: async (ms) => void waits.push(ms) });
    expect(result).toBe(loaded);
    expect(attempt).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([300, 1200]);
    expect(beforeRetry).toHaveBeenCalledTimes(2);
  });

  it('gives up with the last failure once the waits run out', async () => {
    const attempt = vi.fn().mockResolvedValue(failed);
    const result = await withRetries(attempt, { delays: [1, 2], wait: async () => {} });
    expect(result).toBe(failed);
    expect(attempt).toHaveBeenCalledTimes(3);
  });

  it('does not retry a success', async () => {
    const attempt = vi.fn().mockResolvedValue(loaded);
    await withRetries(attempt, { wait: async () => {} });
    expect(attempt).toHaveBeenCalledTimes(1);
  });
});
