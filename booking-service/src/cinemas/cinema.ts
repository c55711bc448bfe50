import type { ScreenLayout } from '../contract/seats/layout.ts';

/** A cinema of the chain and its screens, as the stores keep them. */

export interface Screen {
  /** A slug, e.g. "marquee-marine-drive-1". */
  id: string;
  cinemaId: string;
  name: string;
  /** Standard, IMAX, Dolby Atmos, Recliner, … */
  format: string;
  layout: ScreenLayout;
}

export interface Cinema {
  /** A slug, e.g. "marquee-marine-drive". */
  id: string;
  name: string;
  address: string;
  city: string;
  /** IANA time zone: the clock staff enter the cinema's show times on, and the one its times are shown in. */
  timeZone: string;
  phone: string;
  facilities: string[];
  /**
   * Minutes a screen needs between one show's end and the next show's start (cleaning, doors): a show occupies
   * its screen from its start to its end plus this (shows/screen-schedule.ts).
   */
  turnoverMinutes: number;
  /** Screens in the order the cinema numbers them. */
  screens: Screen[];
}

/** A cinema's turnover unless it sets its own. */
export const DEFAULT_TURNOVER_MINUTES = 20;

/** An OpenStreetMap search for the cinema's address: a map link that needs no key or account. */
export function mapUrl(cinema: Pick<Cinema, 'address' | 'city'>): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(`${cinema.address}, ${cinema.city}`)}`;
}
