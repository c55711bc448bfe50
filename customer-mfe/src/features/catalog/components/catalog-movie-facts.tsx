import type { CatalogMovie } from 'booking-service/contract';
import { formatBudget, formatRuntime, releaseYear } from 'shared-ui';
import { languageName } from '../lib/language-name';

/** A catalogue movie's runtime, year, language and budget (those it has), then its genres. */
export function CatalogMovieFacts({ movie }: { movie: CatalogMovie }) {
  return (
    <>
      <dl className="c-facts">
        {movie.runtime ? (
          <div>
            <dt>Runtime</dt>
            <dd>{formatRuntime(movie.runtime)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Year</dt>
          <dd>{releaseYear(movie.release_date) || 'TBA'}</dd>
        </div>
        <div>
          <dt>Language</dt>
          <dd>{languageName(movie)}</dd>
        </div>
        {movie.budget > 0 && (
          <div>
            <dt>Budget</dt>
            <dd>{formatBudget(movie.budget)}</dd>
          </div>
        )}
      </dl>
      {movie.genres.length > 0 && (
        <ul className="c-chips" aria-label="Genres">
          {movie.genres.map((g) => (
            <li key={g.id} className="c-chip">
              {g.name}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
