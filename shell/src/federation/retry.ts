/** Waits between attempts to load a remote: a transient failure of its manifest or a chunk gets these chances before the fallback shows. */
export const RETRY_DELAYS_MS = [300, 1200];

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Calls `attempt` until it succeeds (or `settled` says a failure is final) or
 * `delays` run out, waiting each delay (growing: backoff) and calling
 * `beforeRetry` first; resolves with the last result.
 */
export async function withRetries<T extends { ok: boolean }>(
  attempt: () => Promise<T>,
  {
    delays = RETRY_DELAYS_MS,
    beforeRetry = () => {},
    wait = sleep,
    settled = (result: T) => result.ok,
  }: { delays?: number[]; beforeRetry?: () => void; wait?: (ms: number) => Promise<void>; settled?: (result: T) => boolean } = {},
): Promise<T> {
  let result = await attempt();
  for (const delay of delays) {
    if (settled(result)) break;
    await wait(delay);
    beforeRetry();
    result = await attempt();
  }
  return result;
}
