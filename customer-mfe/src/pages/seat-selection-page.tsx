import { lazy, useEffect, useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Button, formatDay, formatPrice, formatTime, notify, Skeleton, useCurrentUser } from 'shared-ui';
import { MAX_SEATS_PER_BOOKING, TOO_MANY_SEATS_MESSAGE } from 'booking-service/hall';
import { salesCloseAt } from 'booking-service/sales';
import { HeldByYou } from '../features/bookings/components/held-by-you';
import { useOwnSeats } from '../features/bookings/hooks/use-own-seats';
import { useSalesSettings, useTheatreTimeZone } from '../features/config/api/get-public-config';
import { CheckoutBar } from '../features/seats/components/checkout-bar';
import { SeatLegend, SeatMap } from '../features/seats/components/seat-map';
import { ShowPicker } from '../features/seats/components/show-picker';
import { useCheckout } from '../features/seats/hooks/use-checkout';
import { useDropTakenSeats } from '../features/seats/hooks/use-drop-taken-seats';
import { useLiveSeats } from '../features/seats/hooks/use-live-seats';
import { useSeatChoice } from '../features/seats/hooks/use-seat-choice';
import { useShow } from '../features/shows/api/get-show';
import { useSeatAdmission } from '../features/waiting-room/api/use-seat-admission';
import { WaitingRoomNotice } from '../features/waiting-room/components/waiting-room-notice';
import { QUEUE_PARAM, waitingRoomPath } from '../features/waiting-room/lib/seat-page-path';
import { MESSAGES } from '../lib/constants';
import { formatCountdown } from '../lib/hold';
import { useNow } from '../lib/use-now';
import { DateNotFound, MovieLoadError, MovieNotFound } from '../components/movie-load-states';
import { isCalendarDate, isMovieId } from '../lib/route-params';

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
  const show = useShow(id);
  const zone = useTheatreTimeZone();
  const user = useCurrentUser();
  const sales = useSalesSettings();
  const times = show.data?.dateTime[date] ?? [];
  const { showId, seats: selected, selectShow, toggleSeat, removeSeats } = useSeatChoice(times.map((t) => t.showId));
  // Each second: hold countdowns, and the moment a show's online sales close (or an on-sale opens).
  const now = useNow(true);
  const waitingRoom = useSeatAdmission(times.find((t) => t.showId === showId)?.onSale, now, user.isAuthenticated);
  const { seats: occupiedQuery, feed } = useLiveSeats(showId, {
    read: waitingRoom.readSeats,
    admission: waitingRoom.admission,
    enabled: waitingRoom.gatedEvent === null || waitingRoom.admission !== null,
  });
  const chosen = times.find((t) => t.showId === showId) ?? null;
  const closesAt = chosen ? salesCloseAt(new Date(chosen.time), sales.salesCloseMinutes) : null;
  const salesClosed = closesAt !== null && closesAt.getTime() <= now;
  const { checkout, pending, checkingOut } = useCheckout({
    signedIn: user.isAuthenticated,
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
  const { holds, mine, cooldown } = own;

  // The page starts at its top, with the show times (not at the movie page's scroll position).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [id, date]);

  const occupied = useMemo(() => (occupiedQuery.data ? new Set(occupiedQuery.data.occupiedSeats) : EMPTY), [occupiedQuery.data]);
  useDropTakenSeats({ selected, occupied, mine, mineKnown: own.known, removeSeats, paused: checkingOut });

  if (show.isPending || !zone.ready) return <SeatPageSkeleton />;
  if (show.isError) return <MovieLoadError error={show.error} onRetry={() => void show.refetch()} />;

  const { movie } = show.data;

  const onSeat = (seat: string) => {
    if (!showId) return void notify.error(MESSAGES.selectTimeFirst);
    if (mine.has(seat)) return void notify(MESSAGES.heldByYou, { id: 'held-by-you' });
    if (cooldown.seats.has(seat)) return void notify(MESSAGES.coolingDown, { id: 'cooling' });
    if (occupied.has(seat)) return void notify.error(MESSAGES.seatBooked);
    if (!selected.includes(seat) && selected.length >= MAX_SEATS_PER_BOOKING) return void notify.error(TOO_MANY_SEATS_MESSAGE);
    toggleSeat(seat);
  };

  return (
    <div className="ui-page">
      <header className="c-seats-head">
        <h1 className="ui-page__title">Select your seat</h1>
        <p className="c-muted">
          {movie.title} · {formatDay(date)}
          <span className="c-live" data-feed={feed} hidden={!showId}>
            {feed === 'stream' ? 'Live' : 'Auto-refresh'}
          </span>
        </p>
      </header>
      <div className="c-seats-page">
        <ShowPicker
          movieId={movie._id}
          date={date}
          times={times}
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
          {showId && occupiedQuery.isError && (
            <p className="c-inline-error" role="alert">
              Could not load the taken seats. <Button variant="ghost" onClick={() => void occupiedQuery.refetch()}>Retry</Button>
            </p>
          )}
          {showId === null ? (
            <p className="c-seats-prompt" role="status">
              Choose a show time to see which seats are free.
            </p>
          ) : waitingRoom.gatedEvent && !waitingRoom.admission ? (
            <WaitingRoomNotice done={waitingRoom.done} to={waitingRoomPath(waitingRoom.gatedEvent, { movieId: movie._id, date, showId })} />
          ) : (
            <>
              {waitingRoom.windowEndsAt && (
                <p className="c-shopping-window" role="timer" aria-label="Your shopping time left">
                  Your turn: {formatCountdown(Math.max(0, Date.parse(waitingRoom.windowEndsAt) - now))} left to book
                </p>
              )}
              {closesAt && (
                <p className={salesClosed ? 'c-inline-error' : 'c-muted'} role="status">
                  {salesClosed ? 'Online sales closed for this show.' : `Sales close at ${formatTime(closesAt.toISOString(), zone.timeZone)}`}
                </p>
              )}
              <SeatMap occupied={occupied} mine={mine} cooling={cooldown.seats} selected={selected} onSeat={onSeat} busy={occupiedQuery.isPending} />
              <SeatLegend
                showMine={mine.size > 0}
                coolingUntil={cooldown.seats.size > 0 ? formatTime(new Date(cooldown.until).toISOString(), zone.timeZone) : null}
              />
            </>
          )}
          {holds.length > 0 && <HeldByYou holds={holds} now={now} />}
          <CheckoutBar
            selected={selected}
            total={chosen ? formatPrice(chosen.price * selected.length, sales.currency) : null}
            pending={pending}
            salesClosed={salesClosed}
            onCheckout={checkout}
          />
        </section>
      </div>
    </div>
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
