import { Link } from 'react-router-dom';
import type { ShowOnSale } from 'booking-service/contract';
import { formatPrice, formatShowTime, formatTime } from 'shared-ui';
import { salesCloseAt } from 'booking-service/sales';

/**
 * The show times of the chosen date, as toggle buttons with the seat price. A show whose online
 * sales have closed (SALES_CLOSE_MINUTES before it) is listed but cannot be chosen, and says so.
 * A show of an on-sale event not yet on sale says "On sale <time>" and cannot be chosen; with the
 * event's waiting room on, `waitingRoomPath` makes it a link into the waiting room instead.
 */
export function ShowtimeList({
  times,
  selectedShowId,
  onSelect,
  timeZone,
  currency,
  salesCloseMinutes,
  now,
  waitingRoomPath,
}: {
  times: { time: string; showId: string; price: number; onSale?: ShowOnSale }[];
  selectedShowId: string | null;
  onSelect: (showId: string) => void;
  timeZone: string | undefined;
  currency: string;
  salesCloseMinutes: number;
  now: number;
  /** Where the waiting room of an on-sale event is, coming from this show. */
  waitingRoomPath: (eventId: string, showId: string) => string;
}) {
  return (
    <ul className="c-times" aria-label="Show times">
      {times.map(({ time, showId, price, onSale }) => {
        const closed = salesCloseAt(new Date(time), salesCloseMinutes).getTime() <= now;
        const notYet = onSale !== undefined && Date.parse(onSale.at) > now;
        const onSaleNote = notYet ? `On sale ${formatShowTime(onSale.at, timeZone)}` : null;
        if (notYet && onSale.waitingRoom && !closed) {
          return (
            <li key={showId}>
              <Link className="c-time" to={waitingRoomPath(onSale.eventId, showId)}>
                <time dateTime={time}>{formatTime(time, timeZone)}</time>{' '}
                <span className="c-time__note">{onSaleNote} · Join the waiting room</span>
              </Link>
            </li>
          );
        }
        return (
          <li key={showId}>
            <button
              type="button"
              className="c-time"
              aria-pressed={selectedShowId === showId}
              disabled={closed || notYet}
              onClick={() => onSelect(showId)}
            >
              <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
                <circle cx="12" cy="12" r="9" />
                <path d="M12 7v5l3 2" />
              </svg>
              <time dateTime={time}>{formatTime(time, timeZone)}</time>{' '}
              {/* The space keeps "10:00 AM $13.00" apart in the button's accessible name. */}
              <span className="c-time__note">{closed ? 'Online sales closed' : (onSaleNote ?? formatPrice(price, currency))}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
