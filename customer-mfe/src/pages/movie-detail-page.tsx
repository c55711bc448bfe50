import { useParams } from 'react-router-dom';
import { buttonClass } from 'shared-ui';
import { CastList } from '../components/cast-list';
import { MovieDetailSkeleton } from '../components/movie-detail-skeleton';
import { MovieLoadError, MovieNotFound } from '../components/movie-load-states';
import { Section } from '../components/section';
import { FavoriteButton } from '../features/favorites/components/favorite-button';
import { useShow } from '../features/shows/api/get-show';
import { AlsoLike } from '../features/shows/components/also-like';
import { DatePicker } from '../features/shows/components/date-picker';
import { MovieHead } from '../features/shows/components/movie-head';
import { ShowtimesByCinema } from '../features/shows/components/showtimes-by-cinema';
import { TrailerToggle } from '../features/trailers/components/trailer-toggle';
import { useChosenCity } from '../lib/chosen-city';
import { CAST_LIMIT } from '../lib/constants';
import type { ShowDetailWithPlaces } from '../lib/places';
import { useSalesSettings, useTheatreTimeZone } from '../lib/public-config';
import { isMovieId } from '../lib/route-params';

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
  return (
    <div className="ui-page c-stack">
      <MovieHead
        movie={movie}
        actions={
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
        }
      />

      {/* The way to book right under the movie, before its cast (on a phone, 12 cast cards would push it far down). */}
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
