import { lazy, useEffect, useMemo } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { Button, formatDay, formatPrice, formatTime, Skeleton, useCurrentUser } from 'shared-ui';
import { salesCloseAt } from 'booking-service/sales';
import { HeldByYou } from '../features/bookings/components/held-by-you';
import { useOwnSeats } from '../features/bookings/hooks/use-own-seats';
import { useSalesSettings, useTheatreTimeZone } from '../features/config/api/get-public-config';
import { BestAvailable } from '../features/seats/components/best-available';
import { CheckoutBar } from '../features/seats/components/checkout-bar';
import { ScreenSeats } from '../features/seats/components/screen-seats';
import { ShowPicker } from '../features/seats/components/show-picker';
import { useCheckout } from '../features/seats/hooks/use-checkout';
import { useDropTakenSeats } from '../features/seats/hooks/use-drop-taken-seats';
import { useRecheckSale } from '../features/seats/hooks/use-recheck-sale';
import { useLiveSeats } from '../features/seats/hooks/use-live-seats';
import { useSeatChoice } from '../features/seats/hooks/use-seat-choice';
import { useScreen } from '../features/seats/hooks/use-screen';
import { policyIfPaidNow } from '../features/seats/lib/policy-if-paid-now';
import { useSeatClicks } from '../features/seats/hooks/use-seat-clicks';
import { useShow } from '../features/shows/api/get-show';
import { useSeatAdmission } from '../features/waiting-room/api/use-seat-admission';
import { WaitingRoomNotice } from '../features/waiting-room/components/waiting-room-notice';
import { QUEUE_PARAM, waitingRoomPath } from '../features/waiting-room/lib/seat-page-path';
import { formatCountdown } from '../lib/hold';
import { useNow } from '../lib/use-now';
import { DateNotFound, MovieLoadError, MovieNotFound } from '../components/movie-load-states';
import { isCalendarDate, isMovieId } from '../lib/route-params';
import { CitySelect } from '../components/city-select';
import { useChosenCity } from '../lib/chosen-city';
import { citiesOf, timesByCinema, type SeatsAnswer, type ShowDetailWithPlaces, type ShowTime } from '../lib/places';

const EMPTY: ReadonlySet<string> = new Set();

export function SeatSelectionPage() {
  const { id = '', date = '' } = useParams();
  if (!isMovieId(id)) return <MovieNotFound />;
  if (!isCalendarDate(date)) return <DateNotFound movieId={id} />;
  return <SeatSelectionOrQueue />;
}

/** Its own chunk, fetched only with `?queue=`: a moviegoer picking seats for an ordinary show never downloads it. */
const WaitingRoomPage = lazy(() => import(/* webpackChunkName: "page-waiting-room" */ './waiting-room-page').then((m) => ({ default: m.WaitingRoomPage })));

/** With `?queue=<event id>` the page is that on-sale's waiting room (no route of its own: see waitingRoomPath). */
function SeatSelectionOrQueue() {
  const [params] = useSearchParams();
  const queue = params.get(QUEUE_PARAM);
  return queue ? <WaitingRoomPage eventId={queue} /> : <SeatSelection />;
}

/**
 * The seat page: the show picker, the chosen show's seat map kept live (or, for a show sold through a waiting
 * room, the way there), the visitor's own holds, and the summary with checkout. Each part has its own module;
 * this one reads the show and the visitor's choice and wires the parts together.
 */
function SeatSelection() {
  const { id = '', date = '' } = useParams();
  const location = useLocation();
  const show = useShow(id);
  const zone = useTheatreTimeZone();
  const user = useCurrentUser();
  const sales = useSalesSettings();
  const city = useChosenCity();
  const places = (show.data as ShowDetailWithPlaces | undefined)?.cinemas;
  const times: ShowTime[] = show.data?.dateTime[date] ?? [];
  const groups = timesByCinema(times, places, city, new URLSearchParams(location.search).get('show'));
  const { showId, seats: picked, selectShow, setSeats, removeSeats } = useSeatChoice(groups.flatMap((g) => g.times.map((t) => t.showId)));
  // Each second: hold countdowns, and the moment a show's online sales close (or an on-sale opens).
  const now = useNow(true);
  const chosenOnSale = times.find((t) => t.showId === showId)?.onSale;
  const waitingRoom = useSeatAdmission(chosenOnSale, now, user.isAuthenticated);
  const { preSaleEvent, queueEvent } = waitingRoom;
  const { seats: occupiedQuery, feed } = useLiveSeats(showId, {
    read: waitingRoom.readSeats,
    admission: waitingRoom.admission,
    enabled: preSaleEvent === null && (waitingRoom.gatedEvent === null || waitingRoom.admission !== null),
  });
  const chosen = times.find((t) => t.showId === showId) ?? null;
  const screen = useScreen(occupiedQuery.data as SeatsAnswer | undefined, chosen, picked);
  // Seats the show's screen has (a link's seats for another screen are ignored).
  const selected = useMemo(() => picked.filter((seat) => screen.grid.seats.has(seat)), [picked, screen.grid]);
  const clock = screen.cinema?.timeZone ?? zone.timeZone;
  const closesAt = chosen ? salesCloseAt(new Date(chosen.time), sales.salesCloseMinutes) : null;
  const salesClosed = closesAt !== null && closesAt.getTime() <= now;
  const { checkout, pending, checkingOut } = useCheckout({
    signedIn: user.isAuthenticated,
    signIn: () => void user.signIn(`${location.pathname}${location.search}`),
    showId,
    seats: selected,
    salesClosed,
    book: waitingRoom.book,
    removeSeats,
    refetchSeats: () => void occupiedQuery.refetch(),
  });
  const own = useOwnSeats(showId, now, {
    signedIn: user.isAuthenticated,
    signInSettled: !user.isLoading,
    reholdCooldownMinutes: sales.reholdCooldownMinutes,
  });
  const { holds, mine, bought, cooldown } = own;

  // The page starts at its top, with the show times (not at the movie page's scroll position).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [id, date]);

  const occupied = useMemo(() => (occupiedQuery.data ? new Set(occupiedQuery.data.occupiedSeats) : EMPTY), [occupiedQuery.data]);
  useDropTakenSeats({ selected, occupied, mine, mineKnown: own.known, removeSeats, paused: checkingOut });
  const { onSeat, wheelchair } = useSeatClicks({ showId, layout: screen.layout, selected, occupied, mine, bought, cooling: cooldown.seats, setSeats });

  const saleChanged = useRecheckSale(occupiedQuery.error, show.refetch);

  if (show.isPending || !zone.ready) return <SeatPageSkeleton />;
  if (show.isError) return <MovieLoadError error={show.error} onRetry={() => void show.refetch()} />;

  const { movie } = show.data;

  return (
    <div className="ui-page">
      <SeatPageHeader title={movie.title} date={date} feed={showId ? feed : null} />
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
          waitingRoomPath={(eventId, show) => waitingRoomPath(eventId, { movieId: movie._id, date, showId: show })}
        />
        <section className="c-seats-main" aria-labelledby="seats-title">
          <h2 id="seats-title" className="sr-only">
            Seats
          </h2>
          {/* First, not below the seat map: on a laptop "Resume payment" was under the fold. */}
          {holds.length > 0 && <HeldByYou holds={holds} now={now} />}
          {showId && saleChanged && !waitingRoom.gatedEvent && !preSaleEvent && (
            <p className="c-seats-prompt" role="status">
              This show&apos;s sale has changed: checking its on-sale time…
            </p>
          )}
          {showId && occupiedQuery.isError && !saleChanged && !preSaleEvent && (
            <p className="c-inline-error" role="alert">
              Could not load the taken seats. <Button variant="ghost" onClick={() => void occupiedQuery.refetch()}>Retry</Button>
            </p>
          )}
          {showId === null ? (
            <p className="c-seats-prompt" role="status">
              Choose a show time to see which seats are free.
            </p>
          ) : queueEvent ? (
            <WaitingRoomNotice done={!preSaleEvent && waitingRoom.done} to={waitingRoomPath(queueEvent, { movieId: movie._id, date, showId })} />
          ) : (
            <>
              {waitingRoom.windowEndsAt && (
                <p className="c-shopping-window" role="timer" aria-label="Your shopping time left">
                  Your turn: {formatCountdown(Math.max(0, Date.parse(waitingRoom.windowEndsAt) - now))} left to book
                </p>
              )}
              {closesAt && (
                <p className={salesClosed ? 'c-inline-error' : 'c-muted'} role="status">
                  {salesClosed ? 'Online sales closed for this show.' : `Sales close at ${formatTime(closesAt.toISOString(), clock)}`}
                </p>
              )}
              {!salesClosed && !occupiedQuery.isPending && !waitingRoom.gatedEvent && (
                <BestAvailable key={showId} showId={showId} types={screen.types} onSeats={setSeats} />
              )}
              <ScreenSeats
                screen={screen}
                loading={occupiedQuery.isPending}
                currency={sales.currency}
                occupied={occupied}
                mine={mine}
                bought={bought}
                wheelchair={wheelchair}
                cooling={cooldown.seats}
                coolingUntil={cooldown.seats.size > 0 ? formatTime(new Date(cooldown.until).toISOString(), clock) : null}
                selected={selected}
                onSeat={onSeat}
              />
            </>
          )}
          {/* Not beside the waiting room's notice: "Choose up to 5 seats." and a Proceed that cannot be used. */}
          {!queueEvent && (
            <CheckoutBar
              selected={selected}
              total={screen.breakdown ? formatPrice(screen.breakdown.totalCents / 100, sales.currency) : null}
              breakdown={screen.breakdown?.lines ?? null}
              currency={sales.currency}
              pending={pending}
              salesClosed={salesClosed}
              cancellationPolicy={policyIfPaidNow(chosen, now, sales.cancellationCutoffMinutes, clock)}
              onCheckout={checkout}
            />
          )}
        </section>
      </div>
    </div>
  );
}

/** The page's title, the movie and date, and whether the seats are live (the stream) or polled. */
function SeatPageHeader({ title, date, feed }: { title: string; date: string; feed: 'stream' | 'polling' | null }) {
  return (
    <header className="c-seats-head">
      <h1 className="ui-page__title">Select your seat</h1>
      <p className="c-muted">
        {title} · {formatDay(date)}
        <span className="c-live" data-feed={feed ?? 'polling'} hidden={feed === null}>
          {feed === 'stream' ? 'Live' : 'Auto-refresh'}
        </span>
      </p>
    </header>
  );
}

function SeatPageSkeleton() {
  return (
    <div className="ui-page" role="status" aria-label="Loading seats">
      <div className="c-seats-page">
        <Skeleton height="16rem" />
        <Skeleton height="28rem" />
      </div>
    </div>
  );
}
