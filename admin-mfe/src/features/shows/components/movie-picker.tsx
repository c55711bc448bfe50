import type { NowPlayingMovie } from 'booking-service/contract';
import { formatVotes, Poster, StarRating } from 'shared-ui';

/** Now-playing movies as selectable cards (rating, vote count as k, release date). */
export function MoviePicker({ movies, selected, onSelect }: { movies: NowPlayingMovie[]; selected: string | null; onSelect: (id: string) => void }) {
  return (
    <ul className="admin__movie-picker" aria-label="Now playing movies">
      {movies.map((movie) => {
        const isSelected = selected === String(movie.id);
        return (
          <li key={movie.id}>
            <button type="button" className="admin__movie-option" aria-pressed={isSelected} onClick={() => onSelect(String(movie.id))}>
              <Poster path={movie.poster_path} title={movie.title} />
              <span className="admin__movie-option-title">{movie.title}</span>
              <span className="admin__movie-option-meta">
                <StarRating value={movie.vote_average} votes={movie.vote_count} /> <span>{formatVotes(movie.vote_count)} votes</span>
              </span>
              <span className="admin__muted">{movie.release_date}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
