import { formatDay } from 'shared-ui';
import { useNow } from '../../../lib/use-now';
import { MapLink } from '../../../components/cinema-place';
import { CitySelect } from '../../../components/city-select';
import { ShowTimeChip } from '../../../components/show-time-chip';
import { openForSale } from '../../../lib/sales-open';
import { chooseCity } from '../../../lib/chosen-city';
import { citiesOf, timesByCinema, type ShowDetailWithPlaces, type ShowTime } from '../../../lib/places';

/**
 * The movie's show times by cinema, in the moviegoer's city (Your city, remembered), each cinema
 * with its address and its times by date on its own clock (a time no cinema is named for: the theatre's,
 * `timeZone`; never the browser's, which the page server's first view of the page cannot know), the screen
 * format named where its formats differ;
 * a time leads to that show's seats, and says what a seat costs ("from $14.50"). A time whose online sales
 * have closed is not offered (its seat page would only say so). Nothing when the service names no cinemas (an older service): the date
 * picker alone, as the spec has it.
 */
export function ShowtimesByCinema({
  movieId,
  dateTime,
  cinemas,
  city,
  timeZone,
  currency,
  salesCloseMinutes,
}: {
  movieId: string;
  dateTime: ShowDetailWithPlaces['dateTime'];
  cinemas: ShowDetailWithPlaces['cinemas'];
  city: string | null;
  timeZone: string | undefined;
  currency: string;
  salesCloseMinutes: number;
}) {
  // Re-read every half minute: a time drops out as its sales close while the page is open.
  const now = useNow(true, 30_000);
  if (!cinemas || Object.keys(cinemas).length === 0) return null;
  const dates = Object.keys(dateTime).sort();
  const open = (time: ShowTime) => openForSale(time.time, salesCloseMinutes, now);
  const dated = dates.flatMap((date) => (dateTime[date] as ShowTime[]).filter(open).map((time) => ({ ...time, date })));
  const groups = timesByCinema(dated, cinemas, city);
  return (
    <section className="c-by-cinema" aria-labelledby="by-cinema-title">
      <h2 id="by-cinema-title" className="c-section__title">
        Show times by cinema
      </h2>
      <CitySelect cities={[...new Set([...citiesOf(cinemas), ...(city ? [city] : [])])]} city={city} />
      {groups.length === 0 && <p className="c-muted">No shows of this movie in {city} yet: choose another city.</p>}
      {groups.map(({ cinema, times, formatsDiffer }) => (
        <article key={cinema?._id ?? ''} className="c-by-cinema__cinema" aria-label={cinema?.name ?? 'Show times'}>
          {cinema && <h3 className="c-times-group__name">{cinema.name}</h3>}
          {/* The name is the heading just above: the address alone here (it printed the name twice). */}
          {cinema && (
            <p className="c-place">
              <MapLink cinema={cinema} />
            </p>
          )}
          {byDate(times).map(([date, ofDate]) => (
            <div key={date} className="c-cinema-show__day">
              <p className="c-cinema-show__date">{formatDay(date)}</p>
              <ul className="c-chips" aria-label={`${cinema?.name ?? 'Show times'}, ${formatDay(date)}`}>
                {ofDate.map((time) => (
                  <li key={time.showId}>
                    <ShowTimeChip
                      to={`/movies/${movieId}/${date}?show=${time.showId}`}
                      onClick={() => cinema && chooseCity(cinema.city)}
                      startsAt={time.time}
                      timeZone={cinema?.timeZone ?? timeZone}
                      note={formatsDiffer && time.format ? ` · ${time.format}` : ''}
                      price={time}
                      currency={currency}
                    />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </article>
      ))}
    </section>
  );
}

/** A cinema's times by date, in order (the answer's dates are already sorted). */
function byDate<T extends { date: string }>(times: readonly T[]): [string, T[]][] {
  const days = new Map<string, T[]>();
  for (const time of times) days.set(time.date, [...(days.get(time.date) ?? []), time]);
  return [...days.entries()];
}
