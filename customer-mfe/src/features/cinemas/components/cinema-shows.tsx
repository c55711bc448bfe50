import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { CinemaDetailResponse } from 'booking-service/contract';
import { formatDay, Poster } from 'shared-ui';
import { DateStrip } from '../../../components/date-strip';
import { ShowTimeChip } from '../../../components/show-time-chip';
import { chooseCity } from '../../../lib/chosen-city';
import { formatNote } from '../../../lib/places';
import { openForSale } from '../../../lib/sales-open';
import { useNow } from '../../../lib/use-now';
import { cinemaDays } from '../lib/cinema-days';

type Detail = CinemaDetailResponse;
const DAY = 'day';

/**
 * A cinema's upcoming shows one day at a time (eight days of every film would make a phone's page 12,000 px
 * tall): a strip of the days with shows, the chosen day (`?day=`, the first by default) kept in the address, and
 * that day's movies with their times on the cinema's clock, each with its screen and what a seat costs, leading to
 * the show's seat page (which then lists this cinema's city: following the link chooses it). Times whose online
 * sales have closed are not offered, as on the movie page.
 */
export function CinemaShows({ cinema, shows, currency, salesCloseMinutes }: Pick<Detail, 'cinema' | 'shows'> & { currency: string; salesCloseMinutes: number }) {
  // Re-read every half minute: a time drops out as its sales close while the page is open.
  const now = useNow(true, 30_000);
  const [params, setParams] = useSearchParams();
  const days = cinemaDays(shows, cinema.timeZone, (startsAt) => openForSale(startsAt, salesCloseMinutes, now));
  const dates = [...days.keys()];
  const asked = params.get(DAY);
  const day = asked && days.has(asked) ? asked : (dates[0] ?? null);
  const strip = useRef<HTMLDivElement>(null);
  // A day from a link may sit past the strip's right edge: scroll the strip (not the page) to show it.
  useEffect(() => {
    const list = strip.current?.querySelector<HTMLElement>('.c-dates__list');
    const pressed = list?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (!list || !pressed) return;
    const at = pressed.offsetLeft - list.offsetLeft;
    if (at + pressed.offsetWidth > list.scrollLeft + list.clientWidth) list.scrollLeft = at;
  }, [day]);
  if (day === null) return <p className="c-muted">No upcoming shows here yet.</p>;
  const choose = (date: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(DAY, date);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return (
    <div className="c-cinema-days" ref={strip}>
      <DateStrip dates={dates} selected={day} onSelect={choose} label="Days with shows" />
      <ul className="c-cinema-shows" aria-label={`Showing at ${cinema.name} on ${formatDay(day)}`}>
        {days.get(day)!.map(({ movie, times }) => (
          <li key={movie._id} className="c-cinema-show">
            <Poster path={movie.poster_path} title={movie.title} className="c-cinema-show__poster" />
            <div className="c-cinema-show__body">
              <h3 className="c-cinema-show__title">
                <Link to={`/movies/${movie._id}`}>{movie.title}</Link>
              </h3>
              <ul className="c-chips" aria-label={`${movie.title}, ${formatDay(day)}`}>
                {times.map((time) => (
                  <li key={time.showId}>
                    <ShowTimeChip
                      to={`/movies/${movie._id}/${day}?show=${time.showId}`}
                      onClick={() => chooseCity(cinema.city)}
                      startsAt={time.showDateTime}
                      timeZone={cinema.timeZone}
                      note={` · ${time.screenName}${formatNote(time.format)}`}
                      price={time.fromPrice === undefined ? null : { price: time.fromPrice, fromPrice: time.fromPrice, priceVaries: time.priceVaries }}
                      currency={currency}
                    />
                  </li>
                ))}
              </ul>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
