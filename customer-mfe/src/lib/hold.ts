/** Milliseconds left on an unpaid booking's hold (0 when it is over). */
export function holdRemainingMs(holdExpiresAt: string, now: number): number {
  const end = Date.parse(holdExpiresAt);
  return Number.isNaN(end) ? 0 : Math.max(0, end - now);
}

/** 581000 -> "9:41"; 3_700_000 -> "1:01:40". */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}
