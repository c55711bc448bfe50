import { MAX_SEATS_PER_BOOKING } from 'booking-service/hall';
import { companionSeatsOf, type ScreenLayout } from 'booking-service/layout';

/**
 * Accessible seating rules of the seat page. A wheelchair space is asked about once per visit (this browser
 * tab's session): once the moviegoer said one is needed, later spaces are not asked about again; a "No" leaves
 * the question open, so the next space chosen asks again.
 */
const NEEDED_KEY = 'marquee:wheelchair-space-needed';

export function wheelchairNeedConfirmed(): boolean {
  try {
    return sessionStorage.getItem(NEEDED_KEY) === 'yes';
  } catch {
    return false;
  }
}

export function rememberWheelchairNeeded(): void {
  try {
    sessionStorage.setItem(NEEDED_KEY, 'yes');
  } catch {
    // Storage refused (private mode): the question may come again on this visit, nothing worse.
  }
}

/**
 * The companion seat to offer with a chosen wheelchair space: the first one beside it that is free and not yet
 * chosen, while the selection has room for one more seat; null when there is none to offer.
 */
export function companionToOffer(
  layout: ScreenLayout,
  space: string,
  selected: readonly string[],
  unavailable: (seat: string) => boolean,
): string | null {
  if (!selected.includes(space) || selected.length >= MAX_SEATS_PER_BOOKING) return null;
  const companions = companionSeatsOf(layout, space);
  if (companions.some((seat) => selected.includes(seat))) return null;
  return companions.find((seat) => !unavailable(seat)) ?? null;
}
