/** How long the same code read again by the camera is taken for the same ticket still in front of it. */
export const REPEAT_WINDOW_MS = 2500;

/**
 * The camera reads a ticket many times a second while it is held up: only the first read of a code counts
 * until the code has been out of sight for REPEAT_WINDOW_MS or another code was read.
 */
export function repeatFilter(windowMs = REPEAT_WINDOW_MS, now: () => number = Date.now) {
  let last: { code: string; at: number } | null = null;
  return (code: string): boolean => {
    const at = now();
    const repeated = last !== null && last.code === code && at - last.at < windowMs;
    last = { code, at };
    return !repeated;
  };
}
