import { DEFAULT_LAYOUT, type ScreenLayout } from '../contract/seats/layout.ts';
import type { Cinema, Screen } from './cinema.ts';

/** A screen with the cinema it is in. */
export interface ScreenPlace { screen: Screen; cinema: Cinema }

/**
 * The chain in memory: read once at start (after the built-in chain is ensured), so a show's screen, layout and
 * cinema cost no query on the hot paths (holding seats, the seat feed). Cinemas change only at start.
 */
export interface CinemaDirectory {
  /** Every cinema in the chain's order. */
  all(): readonly Cinema[];
  cinema(id: string): Cinema | undefined;
  /** A screen and its cinema; undefined for an id the chain does not have. */
  place(screenId: string): ScreenPlace | undefined;
  /** The seat layout of a screen: the spec's hall for a screen the chain does not have (never happens once migrated). */
  layoutOf(screenId: string): ScreenLayout;
  /** The cities with a cinema, in the chain's order. */
  cities(): string[];
  /**
   * The clock of a screen's cinema: every time of a show is seen, typed and ruled on it. `fallback` (THEATRE_TIMEZONE) for a
   * screen the chain does not have (never happens once migrated).
   */
  timeZoneOf(screenId: string, fallback: string): string;
}

export function createCinemaDirectory(cinemas: readonly Cinema[]): CinemaDirectory {
  const byId = new Map(cinemas.map((cinema) => [cinema.id, cinema]));
  const places = new Map(cinemas.flatMap((cinema) => cinema.screens.map((screen) => [screen.id, { screen, cinema }] as const)));
  const cities = [...new Set(cinemas.map((cinema) => cinema.city))];
  return {
    all: () => cinemas,
    cinema: (id) => byId.get(id),
    place: (screenId) => places.get(screenId),
    layoutOf: (screenId) => places.get(screenId)?.screen.layout ?? DEFAULT_LAYOUT,
    cities: () => cities,
    timeZoneOf: (screenId, fallback) => places.get(screenId)?.cinema.timeZone ?? fallback,
  };
}
