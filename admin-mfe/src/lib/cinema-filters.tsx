import type { CinemaWithLayouts } from 'booking-service/contract';

/**
 * A list's cinema filter (issue 42): All cinemas or one. Nothing when the service names no cinemas (an older
 * service), so the list's filters are as before. Named by its label's word alone, as the lists' other controls.
 */
export function CinemaFilter({ cinemas, value, onChange }: { cinemas: readonly CinemaWithLayouts[] | undefined; value: string | undefined; onChange: (cinemaId: string | undefined) => void }) {
  if (!cinemas || cinemas.length === 0) return null;
  return (
    <label>
      Cinema
      <select aria-label="Cinema" value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
        <option value="">All cinemas</option>
        {cinemas.map((cinema) => (
          <option key={cinema._id} value={cinema._id}>
            {cinema.name} ({cinema.city})
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * A list's screen filter (issue 52): All screens or one of the chosen cinema's. Nothing until a cinema is chosen
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
  return (
    <label>
      Screen
      <select aria-label="Screen" value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
        <option value="">All screens</option>
        {cinema.screens.map((screen) => (
          <option key={screen._id} value={screen._id}>
            {screen.name} · {screen.format}
          </option>
        ))}
      </select>
    </label>
  );
}

/** "Marquee Saket · Screen 2 (IMAX)": a row's place, or an empty string from an older service. */
export function placeOf(row: { cinema?: { name: string }; screen?: { name: string; format: string } }): string {
  if (!row.cinema) return '';
  const screen = row.screen ? ` · ${row.screen.name}${row.screen.format && row.screen.format !== 'Standard' ? ` (${row.screen.format})` : ''}` : '';
  return `${row.cinema.name}${screen}`;
}
