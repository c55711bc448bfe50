import { useId } from 'react';
import { chooseCity } from '../lib/chosen-city';

/**
 * The moviegoer's city (remembered in this browser: lib/chosen-city.ts), as a labelled select with "All cities":
 * the show times then list only that city's cinemas. Nothing when the service names no city (an older service).
 */
export function CitySelect({ cities, city }: { cities: readonly string[]; city: string | null }) {
  const id = useId();
  if (cities.length === 0) return null;
  return (
    <div className="c-city">
      <label htmlFor={id}>Your city</label>
      <select id={id} className="c-city__select" value={city ?? ''} onChange={(event) => chooseCity(event.target.value || null)}>
        <option value="">All cities</option>
        {cities.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
