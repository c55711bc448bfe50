/**
 * What the waiting page's polite live region says about the position (the service's: 1 is next in line),
 * and when: a screen reader hears
 * the position when it is first known, then only when it has moved meaningfully (a tenth of the way, at
 * least 10 places; every place in the last 10), never on every poll.
 */
export function positionAnnouncement(lastAnnounced: number | null, position: number): string | null {
  if (lastAnnounced !== null) {
    if (position === lastAnnounced) return null;
    const moved = lastAnnounced - position;
    if (position > 10 && moved < Math.max(10, Math.ceil(lastAnnounced / 10))) return null;
  }
  return position <= 1 ? 'You are next in line.' : `You are number ${position} in line.`;
}

/** 75 -> "about 2 minutes"; 20 -> "less than a minute". */
export function formatWait(seconds: number): string {
  if (seconds < 60) return 'less than a minute';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `about ${hours} h ${rest} min`;
}
