import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, notify } from 'shared-ui';
import { MESSAGES } from '../../../lib/constants';

function dayParts(date: string) {
  const d = new Date(`${date}T00:00:00Z`);
  const part = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(d);
  return { weekday: part({ weekday: 'short' }), day: part({ day: 'numeric' }), month: part({ month: 'short' }) };
}

/** The show dates of a movie; Book Now goes to the seat map of the chosen date. */
export function DatePicker({ movieId, dates, id }: { movieId: string; dates: string[]; id: string }) {
  const [selected, setSelected] = useState<string | null>(null);
  const navigate = useNavigate();
  const book = () => {
    if (!selected) {
      notify.error(MESSAGES.selectDate);
      return;
    }
    navigate(`/movies/${movieId}/${selected}`);
  };
  return (
    <section className="c-dates" id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="c-section__title">
        Choose Date
      </h2>
      {dates.length === 0 ? (
        <p className="c-muted">No upcoming shows for this movie. Check back soon!</p>
      ) : (
        <div className="c-dates__body">
          <ul className="c-dates__list" aria-label="Show dates">
            {dates.map((date) => {
              const { weekday, day, month } = dayParts(date);
              return (
                <li key={date}>
                  <button type="button" className="c-date" aria-pressed={selected === date} onClick={() => setSelected(date)}>
                    <span className="c-date__weekday">{weekday}</span> <span className="c-date__day">{day}</span>{' '}
                    <span className="c-date__month">{month}</span>
                  </button>
                </li>
              );
            })}
          </ul>
          <Button onClick={book}>Book Now</Button>
        </div>
      )}
    </section>
  );
}
