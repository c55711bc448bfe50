import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatRuntime, releaseYear } from '../format';
import { Poster } from './poster';
import { StarRating } from './star-rating';

export interface MovieCardMovie {
  title: string;
  poster_path: string | null;
  release_date?: string;
  runtime?: number;
  genres?: { name: string }[];
  vote_average: number;
  vote_count: number;
}

/** The card every movie list uses: poster, title, year · genres · runtime, rating and an action. */
export function MovieCard({ movie, to, action }: { movie: MovieCardMovie; to: string; action?: ReactNode }) {
  const meta = [releaseYear(movie.release_date), movie.genres?.slice(0, 2).map((g) => g.name).join(' | '), movie.runtime ? formatRuntime(movie.runtime) : '']
    .filter(Boolean)
    .join(' · ');
  return (
    <article className="ui-movie-card">
      <Link to={to} aria-label={movie.title}>
        <Poster path={movie.poster_path} title={movie.title} />
      </Link>
      <h3 className="ui-movie-card__title">
        <Link to={to}>{movie.title}</Link>
      </h3>
      {meta && <p className="ui-movie-card__meta">{meta}</p>}
      <div className="ui-movie-card__footer">
        {action}
        <StarRating value={movie.vote_average} votes={movie.vote_count} />
      </div>
    </article>
  );
}
