import { lazy, useEffect, useMemo, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Button, buttonClass, formatDay, formatPrice, formatTime, notify, Skeleton, useCurrentUser } from 'shared-ui';
import { isApiError } from 'shared-ui/customer';
import { useMyBookings } from '../features/bookings/api/get-my-bookings';
import { holdRemainingMs } from '../lib/hold';
import { useSalesSettings, useTheatreTimeZone } from '../features/config/api/get-public-config';
import { takenSeatsOf, useCreateBooking } from '../features/seats/api/create-booking';
import { HeldByYou } from '../features/bookings/components/held-by-you';
import { SeatLegend, SeatMap } from '../features/seats/components/seat-map';
import { ShowtimeList } from '../features/seats/components/showtime-list';
import { useLiveSeats } from '../features/seats/hooks/use-live-seats';
import { MAX_SEATS_PER_BOOKING, sortSeats, TOO_MANY_SEATS_MESSAGE } from 'booking-service/hall';
import { useSeatChoice } from '../features/seats/hooks/use-seat-choice';
import { salesCloseAt } from 'booking-service/sales';
import { useShow } from '../features/shows/api/get-show';
import { useQueueStatus } from '../features/waiting-room/api/use-queue-status';
import { useWaitingRoomApi } from '../features/waiting-room/api/waiting-room-api';
import { QUEUE_PARAM, waitingRoomPath } from '../features/waiting-room/lib/seat-page-path';
import { formatCountdown } from '../lib/hold';
import { MESSAGES } from '../lib/constants';
import { redirectTo } from '../lib/redirect';
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
  // A show of an on-sale event with its waiting room, once on sale: its seats are for the admitted, with their token.
  const onSale = times.find((t) => t.showId === showId)?.onSale;
  const gatedEvent = onSale?.waitingRoom && Date.parse(onSale.at) <= now ? onSale.eventId : null;
  const queue = useQueueStatus(gatedEvent, { join: false, enabled: user.isAuthenticated });
  const admission = queue.data?.state === 'shopping' ? queue.data.admission : null;
  const waitingRoomApi = useWaitingRoomApi();
  const { seats: occupiedQuery, feed } = useLiveSeats(showId, {
    read: admission ? (show) => waitingRoomApi.occupiedSeats(show, admission) : undefined,
    admission,
    enabled: gatedEvent === null || admission !== null,
  });
  const booking = useCreateBooking(admission ? (input) => waitingRoomApi.createBooking(input.showId, input.seats, admission) : undefined);
  const checkingOut = useRef(false);
  const queryClient = useQueryClient();
  const myBookings = useMyBookings(user.isAuthenticated);

  // The page starts at its top, with the show times (not at the movie page's scroll position).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [id, date]);

  // The visitor's own unpaid holds on this show (they went to checkout and came back): "held by you", never Taken.
  const holds = useMemo(
    () =>
      (myBookings.data?.bookings ?? []).filter(
        (b) => b.show._id === showId && b.status === 'held' && !b.isPaid && holdRemainingMs(b.holdExpiresAt, now) > 0,
      ),
    [myBookings.data, showId, now],
  );
  const mine = useMemo(() => new Set(holds.flatMap((b) => b.bookedSeats)), [holds]);

  // Seats this visitor let go unpaid on this show, still in their re-hold cooldown (the service's hold policy:
  // from when the hold ended, REHOLD_COOLDOWN_MINUTES): marked on the map before a click, not refused after it.
  const cooldown = useMemo(() => {
    const seats = new Set<string>();
    let until = 0;
    for (const b of myBookings.data?.bookings ?? []) {
      if (b.show._id !== showId || b.isPaid || b.refundStatus) continue;
      const expires = Date.parse(b.holdExpiresAt);
      const lapsed = b.status === 'cancelled' ? Math.min(expires, now) : b.status === 'held' && expires <= now ? expires : null;
      if (lapsed === null) continue;
      const ends = lapsed + sales.reholdCooldownMinutes * 60_000;
      if (ends <= now) continue;
      for (const seat of b.bookedSeats) seats.add(seat);
      until = Math.max(until, ends);
    }
    return { seats, until };
  }, [myBookings.data, showId, now, sales.reholdCooldownMinutes]);

  // Back from the payment page (restored from the back/forward cache): what was held may have changed.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      checkingOut.current = false;
      void queryClient.invalidateQueries({ queryKey: ['my-bookings'] });
      void queryClient.invalidateQueries({ queryKey: ['seats'] });
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [queryClient]);

  const occupied = useMemo(() => (occupiedQuery.data ? new Set(occupiedQuery.data.occupiedSeats) : EMPTY), [occupiedQuery.data]);

  // Someone else took a seat this visitor had picked: let it go and say so (their own holds need no word).
  useEffect(() => {
    if (checkingOut.current) return;
    const picked = selected;
    const nowMine = picked.filter((s) => mine.has(s));
    if (nowMine.length > 0) removeSeats(nowMine);
    const lost = picked.filter((s) => occupied.has(s) && !mine.has(s));
    if (lost.length === 0) return;
    removeSeats(lost);
    notify.error(`${lost.length === 1 ? 'Seat' : 'Seats'} ${sortSeats(lost).join(', ')} ${lost.length === 1 ? 'was' : 'were'} just taken by someone else`, {
      id: `lost-${lost.join('-')}`,
    });
  }, [occupied, mine, removeSeats, selected]);

  if (show.isPending || !zone.ready) return <SeatPageSkeleton />;
  if (show.isError) return <MovieLoadError error={show.error} onRetry={() => void show.refetch()} />;

  const { movie } = show.data;
  const chosen = times.find((t) => t.showId === showId) ?? null;
  const closesAt = chosen ? salesCloseAt(new Date(chosen.time), sales.salesCloseMinutes) : null;
  const salesClosed = closesAt !== null && closesAt.getTime() <= now;
  const total = chosen ? formatPrice(chosen.price * selected.length, sales.currency) : null;

  const onSeat = (seat: string) => {
    if (!showId) return void notify.error(MESSAGES.selectTimeFirst);
    if (mine.has(seat)) return void notify(MESSAGES.heldByYou, { id: 'held-by-you' });
    if (cooldown.seats.has(seat)) return void notify(MESSAGES.coolingDown, { id: 'cooling' });
    if (occupied.has(seat)) return void notify.error(MESSAGES.seatBooked);
    if (!selected.includes(seat) && selected.length >= MAX_SEATS_PER_BOOKING) return void notify.error(TOO_MANY_SEATS_MESSAGE);
    toggleSeat(seat);
  };

  const checkout = () => {
    if (!user.isAuthenticated) return void notify.error(MESSAGES.login);
    if (!showId || selected.length === 0) return void notify.error(MESSAGES.selectTimeAndSeats);
    if (salesClosed) return void notify.error(MESSAGES.salesClosed);
    if (booking.isPending) return;
    checkingOut.current = true;
    booking.mutate(
      { showId, seats: sortSeats(selected) },
      {
        onSuccess: (answer) => {
          redirectTo(answer.url);
        },
        onError: (error) => {
          checkingOut.current = false;
          notify.error(error.message || 'An error occurred. Please try again.');
          const taken = takenSeatsOf(error);
          if (taken.length > 0) removeSeats(taken);
          if (isApiError(error) && error.status === 409) void occupiedQuery.refetch();
        },
      },
    );
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
        <aside className="c-times-panel" aria-labelledby="times-title">
          <h2 id="times-title" className="c-times-panel__title">
            Available Timings
          </h2>
          <p className="c-muted">{formatDay(date)}</p>
          {times.length === 0 ? (
            <p className="c-muted">No shows on this date.</p>
          ) : (
            <ShowtimeList
              times={times}
              selectedShowId={showId}
              onSelect={selectShow}
              timeZone={zone.timeZone}
              currency={sales.currency}
              salesCloseMinutes={sales.salesCloseMinutes}
              now={now}
              waitingRoomPath={(eventId, show) => waitingRoomPath(eventId, { movieId: movie._id, date, showId: show })}
            />
          )}
          <Link className={buttonClass('ghost')} to={`/movies/${movie._id}`}>
            Change date
          </Link>
        </aside>
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
          ) : gatedEvent && !admission ? (
            <aside className="c-help" aria-labelledby="on-sale-title">
              <h3 id="on-sale-title" className="c-help__title">
                {queue.data?.state === 'done' ? 'Your shopping time is over' : 'This show is sold through a waiting room'}
              </h3>
              <p>Seats go to moviegoers in their order in the waiting room; when it is your turn you get a few minutes to book.</p>
              <Link className={buttonClass('primary')} to={waitingRoomPath(gatedEvent, { movieId: movie._id, date, showId })}>
                Go to the waiting room
              </Link>
            </aside>
          ) : (
            <>
              {queue.data?.windowEndsAt && admission && (
                <p className="c-shopping-window" role="timer" aria-label="Your shopping time left">
                  Your turn: {formatCountdown(Math.max(0, Date.parse(queue.data.windowEndsAt) - now))} left to book
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
          {/* On a phone this bar sticks to the bottom of the screen: the seats, the total and Continue always in reach. */}
          <div className="c-checkout" role="region" aria-label="Your selection">
            <p aria-live="polite" className="c-checkout__summary">
              {selected.length === 0
                ? `Choose up to ${MAX_SEATS_PER_BOOKING} seats.`
                : `${selected.length} ${selected.length === 1 ? 'seat' : 'seats'} · ${total}: ${sortSeats(selected).join(', ')}`}
            </p>
            <Button onClick={checkout} aria-busy={booking.isPending || undefined} disabled={salesClosed}>
              {booking.isPending ? 'Holding your seats…' : 'Proceed to Checkout'}
            </Button>
          </div>
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
