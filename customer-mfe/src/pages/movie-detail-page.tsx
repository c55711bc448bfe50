import { Link, useParams } from 'react-router-dom';
import { buttonClass, CardGridSkeleton, EmptyState, ErrorState, formatRuntime, hasRating, Poster, releaseYear } from 'shared-ui';
import { CastList } from '../components/cast-list';
import { MovieDetailSkeleton } from '../components/movie-detail-skeleton';
import { MovieLoadError, MovieNotFound } from '../components/movie-load-states';
import { isMovieId } from '../lib/route-params';
import { Section } from '../components/section';
import { FavoriteButton } from '../features/favorites/components/favorite-button';
import { useShow } from '../features/shows/api/get-show';
import { useShows } from '../features/shows/api/get-shows';
import { useSalesSettings, useTheatreTimeZone } from '../lib/public-config';
import { DatePicker } from '../features/shows/components/date-picker';
import { ShowtimesByCinema } from '../features/shows/components/showtimes-by-cinema';
import { useChosenCity } from '../lib/chosen-city';
import type { ShowDetailWithPlaces } from '../lib/places';
import { MovieGrid } from '../features/shows/components/movie-grid';
import { TrailerToggle } from '../features/trailers/components/trailer-toggle';
import { ALSO_LIKE_LIMIT, CAST_LIMIT } from '../lib/constants';
import { useNearViewport } from '../lib/use-near-viewport';

const DATE_PICKER_ID = 'date-select';

export function MovieDetailPage() {
  const { id = '' } = useParams();
  return isMovieId(id) ? <MovieDetail /> : <MovieNotFound />;
}

function MovieDetail() {
  const { id = '' } = useParams();
  const show = useShow(id);
  const city = useChosenCity();
  const zone = useTheatreTimeZone();
  const sales = useSalesSettings();

  if (show.isPending) return <MovieDetailSkeleton extraLines />;
  if (show.isError) return <MovieLoadError error={show.error} onRetry={() => void show.refetch()} />;

  const { movie, dateTime } = show.data;
  const meta = [formatRuntime(movie.runtime), movie.genres.map((g) => g.name).join(', '), releaseYear(movie.release_date)].filter(Boolean).join(' · ');
  return (
    <div className="ui-page c-stack">
      <div className="c-detail">
        <Poster path={movie.poster_path} title={movie.title} eager className="c-detail__poster" />
        <div className="c-detail__info">
          <p className="c-kicker">{movie.original_language.toUpperCase()}</p>
          <h1 className="c-detail__title">{movie.title}</h1>
          {hasRating(movie) && (
            <p className="c-detail__rating">
              <span aria-hidden="true">★</span> {movie.vote_average.toFixed(1)} <span className="c-muted">User Rating</span>
            </p>
          )}
          {movie.tagline && <p className="c-detail__tagline">{movie.tagline}</p>}
          <p className="c-detail__overview">{movie.overview}</p>
          <p className="c-detail__meta">{meta}</p>
          <TrailerToggle
            movie={{ id: movie._id, title: movie.title, posterPath: movie.poster_path, backdropPath: movie.backdrop_path }}
            actions={
              <>
                <a className={buttonClass()} href={`#${DATE_PICKER_ID}`}>
                  Buy Tickets
                </a>
                <FavoriteButton movieId={movie._id} />
              </>
            }
          />
        </div>
      </div>

      {/* The way to book right under the movie, before its cast (issue 43 item 6: on a phone it sat under 12 cast cards). */}
      <DatePicker movieId={movie._id} dates={Object.keys(dateTime).sort()} id={DATE_PICKER_ID} />
      <ShowtimesByCinema
        movieId={movie._id}
        dateTime={dateTime}
        cinemas={(show.data as ShowDetailWithPlaces).cinemas}
        city={city}
        timeZone={zone.timeZone}
        currency={sales.currency}
        salesCloseMinutes={sales.salesCloseMinutes}
      />

      <Section title="Your Favorite Cast">
        <CastList cast={movie.casts.slice(0, CAST_LIMIT)} />
      </Section>

      <AlsoLike currentId={movie._id} />
    </div>
  );
}

/**
 * The other shows, at the foot of the page: read when the reader scrolls near
 * them, so on a phone the list and its posters do not compete with the movie
 * above. Until then the section holds its place with the skeleton.
 */
function AlsoLike({ currentId }: { currentId: string }) {
  const [ref, near] = useNearViewport<HTMLElement>();
  const shows = useShows({ enabled: near });
  const others = shows.data?.shows.filter((m) => m._id !== currentId).slice(0, ALSO_LIKE_LIMIT) ?? [];
  return (
    <Section title="You May Also Like" ref={ref}>
      {shows.isPending ? (
        <CardGridSkeleton count={ALSO_LIKE_LIMIT} label="Loading movies" />
      ) : shows.isError ? (
        <ErrorState message={shows.error.message} onRetry={() => void shows.refetch()} />
      ) : others.length === 0 ? (
        <EmptyState title="No other movies showing right now" />
      ) : (
        <MovieGrid movies={others} />
      )}
      <div className="c-center">
        <Link className={buttonClass('secondary')} to="/theaters">
          Show more
        </Link>
      </div>
    </Section>
  );
}
