import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, notify } from 'shared-ui';
import { DateStrip } from '../../../components/date-strip';
import { MESSAGES } from '../../../lib/constants';

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
          <DateStrip dates={dates} selected={selected} onSelect={setSelected} label="Show dates" />
          <Button onClick={book}>Book Now</Button>
        </div>
      )}
    </section>
  );
}
