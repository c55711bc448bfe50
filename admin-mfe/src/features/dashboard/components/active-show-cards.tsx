import type { Show } from 'booking-service/contract';
import { formatPrice, formatShowTime, Poster, StarRating } from 'shared-ui';

/** The upcoming shows as cards: poster, title, price, rating, date-time. */
export function ActiveShowCards({ shows }: { shows: Show[] }) {
  if (shows.length === 0) return <p className="admin__muted">No upcoming shows. Add some from Add Shows.</p>;
  return (
    <ul className="admin__show-cards">
      {shows.map((show) => (
        <li key={show._id} className="admin__show-card">
          <Poster path={show.movie.poster_path} title={show.movie.title} />
          <h3>{show.movie.title}</h3>
          <div className="admin__show-card-meta">
            <span>{formatPrice(show.showPrice)}</span>
            <StarRating value={show.movie.vote_average} votes={show.movie.vote_count} />
          </div>
          <p className="admin__muted">{formatShowTime(show.showDateTime)}</p>
        </li>
      ))}
    </ul>
  );
}
