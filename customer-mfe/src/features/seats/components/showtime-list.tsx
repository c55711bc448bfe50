import { formatPrice, formatTime } from 'shared-ui';
import { salesCloseAt } from 'booking-service/sales';

/**
 * The show times of the chosen date, as toggle buttons with the seat price. A show whose online
 * sales have closed (SALES_CLOSE_MINUTES before it) is listed but cannot be chosen, and says so.
 */
export function ShowtimeList({
  times,
  selectedShowId,
  onSelect,
  timeZone,
  currency,
  salesCloseMinutes,
  now,
}: {
  times: { time: string; showId: string; price: number }[];
  selectedShowId: string | null;
  onSelect: (showId: string) => void;
  timeZone: string | undefined;
  currency: string;
  salesCloseMinutes: number;
  now: number;
}) {
  return (
    <ul className="c-times" aria-label="Show times">
      {times.map(({ time, showId, price }) => {
        const closed = salesCloseAt(new Date(time), salesCloseMinutes).getTime() <= now;
        return (
          <li key={showId}>
            <button
              type="button"
              className="c-time"
              aria-pressed={selectedShowId === showId}
              disabled={closed}
              onClick={() => onSelect(showId)}
            >
              <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
                <circle cx="12" cy="12" r="9" />
                <path d="M12 7v5l3 2" />
              </svg>
              <time dateTime={time}>{formatTime(time, timeZone)}</time>{' '}
              {/* The space keeps "10:00 AM $13.00" apart in the button's accessible name. */}
              <span className="c-time__note">{closed ? 'Online sales closed' : formatPrice(price, currency)}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
