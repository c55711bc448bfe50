import type { CinemaWithLayouts } from 'booking-service/contract';
import { FilterSelect, type FilterOption } from 'shared-ui/staff';

/**
 * A list's cinema filter: All cinemas or one. Nothing when the service names no cinemas (an older
 * service), so the list's filters are as before. Named by its label's word alone, as the lists' other controls.
 */
export function CinemaFilter({ cinemas, value, onChange }: { cinemas: readonly CinemaWithLayouts[] | undefined; value: string | undefined; onChange: (cinemaId: string | undefined) => void }) {
  if (!cinemas || cinemas.length === 0) return null;
  return <FilterSelect label="Cinema" all="All cinemas" value={value} options={cinemaOptions(cinemas)} onChange={onChange} />;
}

/** Each cinema by name and city ("Marquee Saket (Delhi)"): the cinema filters' and the schedule's choices. */
export function cinemaOptions(cinemas: readonly CinemaWithLayouts[]): FilterOption<string>[] {
  return cinemas.map((cinema) => [cinema._id, `${cinema.name} (${cinema.city})`]);
}

/**
 * A list's screen filter: All screens or one of the chosen cinema's. Nothing until a cinema is chosen
 * (screens are named per cinema: every cinema has a Screen 1).
 */
export function ScreenFilter({
  cinemas,
  cinemaId,
  value,
  onChange,
}: {
  cinemas: readonly CinemaWithLayouts[] | undefined;
  cinemaId: string | undefined;
  value: string | undefined;
  onChange: (screenId: string | undefined) => void;
}) {
  const cinema = cinemas?.find((c) => c._id === cinemaId);
  if (!cinema) return null;
  const screens = cinema.screens.map((screen) => [screen._id, `${screen.name} · ${screen.format}`] as const);
  return <FilterSelect label="Screen" all="All screens" value={value} options={screens} onChange={onChange} />;
}

/** "Marquee Saket · Screen 2 (IMAX)": a row's place, or an empty string from an older service. */
export function placeOf(row: { cinema?: { name: string }; screen?: { name: string; format: string } }): string {
  if (!row.cinema) return '';
  const screen = row.screen ? ` · ${row.screen.name}${row.screen.format && row.screen.format !== 'Standard' ? ` (${row.screen.format})` : ''}` : '';
  return `${row.cinema.name}${screen}`;
}
