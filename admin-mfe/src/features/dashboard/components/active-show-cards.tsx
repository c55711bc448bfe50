import { useState } from 'react';
import type { Show } from 'booking-service/contract';
import { Button, formatPrice, formatShowTime, Poster, StarRating } from 'shared-ui';
import { countOf, useTheatreTimeZone } from 'shared-ui/staff';

/** A page of cards: two rows on a laptop screen, however many shows are upcoming. */
export const ACTIVE_SHOWS_PAGE_SIZE = 12;

/** The upcoming shows as compact cards (poster, title, price, rating, date-time), a page at a time. */
export function ActiveShowCards({ shows }: { shows: Show[] }) {
  const [page, setPage] = useState(1);
  const timeZone = useTheatreTimeZone();
  if (shows.length === 0) return <p className="admin__muted">No upcoming shows. Add some from Add Shows.</p>;
  const pages = Math.ceil(shows.length / ACTIVE_SHOWS_PAGE_SIZE);
  const current = Math.min(page, pages);
  const visible = shows.slice((current - 1) * ACTIVE_SHOWS_PAGE_SIZE, current * ACTIVE_SHOWS_PAGE_SIZE);
  return (
    <>
      <ul className="admin__show-cards">
        {visible.map((show) => (
          <li key={show._id} className="admin__show-card">
            <Poster path={show.movie.poster_path} title={show.movie.title} />
            <div className="admin__show-card-text">
              <h3>{show.movie.title}</h3>
              <p className="admin__muted">{formatShowTime(show.showDateTime, show.cinema?.timeZone ?? timeZone)}</p>
              <div className="admin__show-card-meta">
                <span>{formatPrice(show.showPrice)}</span>
                <StarRating value={show.movie.vote_average} votes={show.movie.vote_count} />
              </div>
            </div>
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav className="admin__pager" aria-label="Active show pages">
          <Button variant="secondary" disabled={current <= 1} onClick={() => setPage(current - 1)}>
            Previous
          </Button>
          <span aria-live="polite">
            Page {current} of {pages} · {countOf(shows.length, 'show')}
          </span>
          <Button variant="secondary" disabled={current >= pages} onClick={() => setPage(current + 1)}>
            Next
          </Button>
        </nav>
      )}
    </>
  );
}
