import { useState } from 'react';
import type { NowPlayingMovie } from 'booking-service/contract';
import { formatDay, formatVotes, Poster, StarRating } from 'shared-ui';

/**
 * The now-playing movies as a compact, searchable list inside the form (a small poster beside each
 * title), so a phone sees the form's fields rather than screens of posters.
 */
export function MoviePicker({ movies, selected, onSelect }: { movies: NowPlayingMovie[]; selected: string | null; onSelect: (id: string) => void }) {
  const [search, setSearch] = useState('');
  const term = search.trim().toLowerCase();
  const shown = term ? movies.filter((movie) => movie.title.toLowerCase().includes(term)) : movies;
  const chosen = movies.find((movie) => String(movie.id) === selected);
  return (
    <div className="admin__movie-field">
      <label htmlFor="movie-search">Movie</label>
      <input
        id="movie-search"
        type="search"
        placeholder="Search now playing movies"
        autoComplete="off"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        aria-describedby="movie-chosen"
      />
      <p id="movie-chosen" className="admin__muted" aria-live="polite">
        {chosen ? `Selected: ${chosen.title}` : 'No movie selected yet'}
      </p>
      <ul className="admin__movie-picker" aria-label="Now playing movies">
        {shown.map((movie) => (
          <li key={movie.id}>
            <button type="button" className="admin__movie-option" aria-pressed={selected === String(movie.id)} onClick={() => onSelect(String(movie.id))}>
              <Poster path={movie.poster_path} title={movie.title} />
              <span className="admin__movie-option-text">
                <span className="admin__movie-option-title">{movie.title}</span>
                <span className="admin__movie-option-meta">
                  <StarRating value={movie.vote_average} votes={movie.vote_count} /> <span>{formatVotes(movie.vote_count)} votes</span>
                </span>
                {movie.release_date && <span className="admin__muted">Released {formatDay(movie.release_date)}</span>}
              </span>
            </button>
          </li>
        ))}
        {shown.length === 0 && <li className="admin__muted">No now playing movie matches “{search.trim()}”.</li>}
      </ul>
    </div>
  );
}
