import { lazy } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useCurrentUser } from 'shared-ui';
import { HeldByYou } from '../features/bookings/components/held-by-you';
import { useOwnSeats } from '../features/bookings/hooks/use-own-seats';
import { SeatPageHeader } from '../features/seats/components/seat-page-header';
import { SeatPageSkeleton } from '../features/seats/components/seat-page-skeleton';
import { SeatsSection } from '../features/seats/components/seats-section';
import { ShowPicker } from '../features/seats/components/show-picker';
import { useRecheckSale } from '../features/seats/hooks/use-recheck-sale';
import { useSeatMap } from '../features/seats/hooks/use-seat-map';
import { useShowSeats } from '../features/seats/hooks/use-show-seats';
import { useShowChoice } from '../features/seats/hooks/use-show-choice';
import { useShow } from '../features/shows/api/get-show';
import { useSeatAdmission } from '../features/waiting-room/api/use-seat-admission';
import { ShoppingWindow } from '../features/waiting-room/components/shopping-window';
import { WaitingRoomNotice } from '../features/waiting-room/components/waiting-room-notice';
import { QUEUE_PARAM, waitingRoomPath } from '../features/waiting-room/lib/seat-page-path';
import { CitySelect } from '../components/city-select';
import { DateNotFound, MovieLoadError, MovieNotFound } from '../components/movie-load-states';
import { citiesOf } from '../lib/places';
import { useSalesSettings, useTheatreTimeZone } from '../lib/public-config';
import { isCalendarDate, isMovieId } from '../lib/route-params';
import { useNow } from '../lib/use-now';
import { useScrollToTop } from '../lib/use-scroll-to-top';

export function SeatSelectionPage() {
  const { id = '', date = '' } = useParams();
  if (!isMovieId(id)) return <MovieNotFound />;
  if (!isCalendarDate(date)) return <DateNotFound movieId={id} />;
  return <SeatSelectionOrQueue />;
}

/** Its own chunk, fetched only with `?queue=`: a moviegoer picking seats for an ordinary show never downloads it. */
const WaitingRoom = lazy(() => import(/* webpackChunkName: "page-waiting-room" */ '../features/waiting-room/components/waiting-room').then((m) => ({ default: m.WaitingRoom })));

/** With `?queue=<event id>` the page is that on-sale's waiting room (no route of its own: see waitingRoomPath). */
function SeatSelectionOrQueue() {
  const [params] = useSearchParams();
  const queue = params.get(QUEUE_PARAM);
  return queue ? <WaitingRoom eventId={queue} /> : <SeatSelection />;
}

/**
 * The seat page: the show picker and the chosen show's seats (features/seats), with the waiting room's say on them
 * (features/waiting-room) and the visitor's own holds and seats (features/bookings).
 */
function SeatSelection() {
  const { id = '', date = '' } = useParams();
  const show = useShow(id);
  const zone = useTheatreTimeZone();
  const user = useCurrentUser();
  const sales = useSalesSettings();
  const { city, places, groups, chosen, showId, seats: picked, selectShow, setSeats, removeSeats } = useShowChoice(show.data, date);
  // Each second: hold countdowns, and the moment a show's online sales close (or an on-sale opens).
  const now = useNow(true);
  const access = useSeatAdmission(chosen?.onSale, now, user.isAuthenticated);
  const live = useShowSeats({ showId, chosen, picked, now, access, removeSeats, timeZone: zone.timeZone, salesCloseMinutes: sales.salesCloseMinutes });
  const own = useOwnSeats(showId, now, { signedIn: user.isAuthenticated, signInSettled: !user.isLoading, reholdCooldownMinutes: sales.reholdCooldownMinutes });
  useScrollToTop(`${id}/${date}`);
  const seats = useSeatMap(live, own, { setSeats, removeSeats });
  const saleChanged = useRecheckSale(seats.occupiedQuery.error, show.refetch);

  if (show.isPending || !zone.ready) return <SeatPageSkeleton />;
  if (show.isError) return <MovieLoadError error={show.error} onRetry={() => void show.refetch()} />;
  const { movie } = show.data;
  const toWaitingRoom = (eventId: string, of: string) => waitingRoomPath(eventId, { movieId: movie._id, date, showId: of });
  return (
    <div className="ui-page">
      <SeatPageHeader title={movie.title} date={date} feed={showId ? seats.feed : null} />
      <div className="c-seats-page">
        <ShowPicker
          movieId={movie._id}
          date={date}
          groups={groups}
          cityControl={<CitySelect cities={citiesOf(places)} city={city} />}
          selectedShowId={showId}
          onSelect={selectShow}
          timeZone={zone.timeZone}
          currency={sales.currency}
          salesCloseMinutes={sales.salesCloseMinutes}
          now={now}
          waitingRoomPath={toWaitingRoom}
        />
        <SeatsSection
          {...{ seats, own, access, saleChanged, setSeats, sales, now }}
          held={own.holds.length > 0 && <HeldByYou holds={own.holds} now={now} />}
          queue={(eventId, of) => <WaitingRoomNotice done={!access.preSaleEvent && access.done} to={toWaitingRoom(eventId, of)} />}
          turn={access.windowEndsAt && <ShoppingWindow endsAt={access.windowEndsAt} now={now} />}
        />
      </div>
    </div>
  );
}
