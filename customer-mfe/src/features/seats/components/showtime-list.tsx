import { useId } from 'react';
import { Link } from 'react-router-dom';
import { formatShowTime, formatTime } from 'shared-ui';
import { salesCloseAt } from 'booking-service/sales';
import { MapLink } from '../../../components/cinema-place';
import { chipPrice, formatNote, type CinemaTimes, type ShowTime } from '../../../lib/places';

type EntryProps = {
  selectedShowId: string | null;
  onSelect: (showId: string) => void;
  timeZone: string | undefined;
  currency: string;
  salesCloseMinutes: number;
  now: number;
  /** Where the waiting room of an on-sale event is, coming from this show. */
  waitingRoomPath: (eventId: string, showId: string) => string;
};

/**
 * The show times of the chosen date, grouped by cinema (each group names the cinema, its screen and
 * address, and its times are on the cinema's clock; a time names its screen format where the cinema's formats
 * differ), as toggle buttons with the seat price. An answer naming no cinema (an older service) is one group with
 * no heading: the list as the spec draws it. A show whose online sales have closed (SALES_CLOSE_MINUTES before
 * it) is listed but cannot be chosen, and says so. A show of an on-sale event not yet on sale says "On sale
 * <time>" and cannot be chosen; with the event's waiting room on, `waitingRoomPath` makes it a link into the
 * waiting room instead.
 */
export function ShowtimeList({ groups, ...entry }: EntryProps & { groups: readonly CinemaTimes[] }) {
  if (groups.length === 1 && groups[0]!.cinema === null) {
    return (
      <ul className="c-times" aria-label="Show times">
        {groups[0]!.times.map((time) => (
          <TimeEntry key={time.showId} time={time} showFormat={false} {...entry} />
        ))}
      </ul>
    );
  }
  return (
    <ul className="c-times-groups" aria-label="Show times">
      {groups.map((group) => (
        <CinemaGroup key={group.cinema?._id ?? ''} group={group} {...entry} />
      ))}
    </ul>
  );
}

function CinemaGroup({ group, ...entry }: EntryProps & { group: CinemaTimes }) {
  const headingId = useId();
  const screens = new Set(group.times.map((time) => time.screenId));
  const onlyScreen = screens.size === 1 ? group.times[0] : undefined;
  const screen = onlyScreen?.screenId ? { _id: onlyScreen.screenId, name: onlyScreen.screenName ?? '', format: onlyScreen.format ?? '' } : null;
  return (
    <li className="c-times-group">
      <h3 id={headingId} className="c-times-group__name">
        {group.cinema?.name ?? 'Other cinemas'}
      </h3>
      {group.cinema && (
        <p className="c-place">
          {screen && (
            <>
              {screen.name}
              {formatNote(screen.format)}
              <br />
            </>
          )}
          <MapLink cinema={group.cinema} />
        </p>
      )}
      <ul className="c-times" aria-labelledby={headingId}>
        {group.times.map((time) => (
          <TimeEntry key={time.showId} time={time} showFormat={group.formatsDiffer} {...entry} timeZone={group.cinema?.timeZone ?? entry.timeZone} />
        ))}
      </ul>
    </li>
  );
}

function TimeEntry({
  time: { time, showId, price, fromPrice, priceVaries, onSale, format },
  showFormat,
  selectedShowId,
  onSelect,
  timeZone,
  currency,
  salesCloseMinutes,
  now,
  waitingRoomPath,
}: EntryProps & { time: ShowTime; showFormat: boolean }) {
  const closed = salesCloseAt(new Date(time), salesCloseMinutes).getTime() <= now;
  const notYet = onSale !== undefined && Date.parse(onSale.at) > now;
  const onSaleNote = notYet ? `On sale ${formatShowTime(onSale.at, timeZone)}` : null;
  const formatLabel = showFormat && format ? `${format} · ` : '';
  if (notYet && onSale.waitingRoom && !closed) {
    return (
      <li>
        <Link className="c-time" to={waitingRoomPath(onSale.eventId, showId)}>
          <ClockIcon />
          <time dateTime={time}>{formatTime(time, timeZone)}</time>{' '}
          <span className="c-time__note">
            {formatLabel}
            {onSaleNote} · Join the waiting room
          </span>
        </Link>
      </li>
    );
  }
  return (
    <li>
      <button type="button" className="c-time" aria-pressed={selectedShowId === showId} disabled={closed || notYet} onClick={() => onSelect(showId)}>
        <ClockIcon />
        <time dateTime={time}>{formatTime(time, timeZone)}</time>{' '}
        {/* The space keeps "10:00 AM $13.00" apart in the button's accessible name. */}
        <span className="c-time__note">
          {formatLabel}
          {closed ? 'Online sales closed' : (onSaleNote ?? chipPrice({ price, fromPrice, priceVaries }, currency))}
        </span>
      </button>
    </li>
  );
}

/** Every show time carries the clock, a pre-sale one too. */
function ClockIcon() {
  return (
    <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </svg>
  );
}
