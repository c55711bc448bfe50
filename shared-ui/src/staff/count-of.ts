/**
 * A count with its noun, singular for one: (1, 'booking') -> "1 booking"; (3, 'show') -> "3 shows"; every staff and
 * support count. In shared-ui/staff, not the shared root: a remote must not need a root export an older shell's
 * shared-ui lacks (release 0's shell runs the newest remotes: docs/platform/compatibility.md).
 */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? noun : plural}`;
}
