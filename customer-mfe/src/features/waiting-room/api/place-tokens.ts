/**
 * The place token of each event's waiting room, as the last answer gave it (QueueStatusResponse.placeToken),
 * kept for the tab's session so that a refresh polls with it too: a poll carrying it is answered without the
 * database. Only a shortcut: without it (another tab, storage off) the service reads the entry instead.
 */
const key = (eventId: string) => `queue-place:${eventId}`;

export function placeTokenOf(eventId: string): string | null {
  try {
    return sessionStorage.getItem(key(eventId));
  } catch {
    return null;
  }
}

/** Keeps the newest token; null (shopping, left, removed) forgets it. */
export function keepPlaceToken(eventId: string, token: string | null) {
  try {
    if (token) sessionStorage.setItem(key(eventId), token);
    else sessionStorage.removeItem(key(eventId));
  } catch {
    // Storage off or full: the polls go without the shortcut.
  }
}
