import type { CinemaRef, ScreenRef } from 'booking-service/contract';
import { formatNote } from '../lib/places';

/**
 * Where a show is: the cinema, its screen (and format), and the address as a map link (opens in a new tab).
 * Nothing when the answer names no cinema (an older service). `as` picks the element: a paragraph in a page,
 * definition-list entries inside a receipt's list.
 */
export function CinemaPlace({ cinema, screen, as = 'p' }: { cinema: CinemaRef | null | undefined; screen: ScreenRef | null | undefined; as?: 'p' | 'dl-items' }) {
  if (!cinema) return null;
  const where = `${cinema.name}${screen ? ` · ${screen.name}${formatNote(screen.format)}` : ''}`;
  const address = <MapLink cinema={cinema} />;
  if (as === 'dl-items') {
    return (
      <>
        <div>
          <dt>Cinema</dt>
          <dd>{where}</dd>
        </div>
        <div>
          <dt>Address</dt>
          <dd>{address}</dd>
        </div>
      </>
    );
  }
  return (
    <p className="c-place">
      <strong>{where}</strong>
      <br />
      {address}
    </p>
  );
}

/** The cinema's address as a link to its map (opens in a new tab). */
export function MapLink({ cinema }: { cinema: CinemaRef }) {
  return (
    <a href={cinema.mapUrl} target="_blank" rel="noopener noreferrer">
      {cinema.address}, {cinema.city}
      <span className="sr-only"> (map, opens in a new tab)</span>
    </a>
  );
}
