import { useState } from 'react';
import type { Show } from 'booking-service/contract';
import { formatPrice, formatShowTime, Poster, StarRating } from 'shared-ui';
import { pageCount, StaffPager, useTheatreTimeZone } from 'shared-ui/staff';

/** A page of cards: two rows on a laptop screen, however many shows are upcoming. */
export const ACTIVE_SHOWS_PAGE_SIZE = 12;

/** The upcoming shows as compact cards (poster, title, price, rating, date-time), a page at a time. */
export function ActiveShowCards({ shows }: { shows: Show[] }) {
  const [page, setPage] = useState(1);
  const timeZone = useTheatreTimeZone();
  if (shows.length === 0) return <p className="admin__muted">No upcoming shows. Add some from Add Shows.</p>;
  const pages = pageCount(shows.length, ACTIVE_SHOWS_PAGE_SIZE);
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
        <StaffPager className="admin__pager" label="Active show pages" page={current} pageSize={ACTIVE_SHOWS_PAGE_SIZE} total={shows.length} noun="show" onPage={setPage} />
      )}
    </>
  );
}
