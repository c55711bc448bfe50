import { formatTime } from 'shared-ui';

/** The show times of the chosen date, as toggle buttons. */
export function ShowtimeList({
  times,
  selectedShowId,
  onSelect,
  timeZone,
}: {
  times: { time: string; showId: string }[];
  selectedShowId: string | null;
  onSelect: (showId: string) => void;
  timeZone: string | undefined;
}) {
  return (
    <ul className="c-times" aria-label="Show times">
      {times.map(({ time, showId }) => (
        <li key={showId}>
          <button type="button" className="c-time" aria-pressed={selectedShowId === showId} onClick={() => onSelect(showId)}>
            <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
              <circle cx="12" cy="12" r="9" />
              <path d="M12 7v5l3 2" />
            </svg>
            <time dateTime={time}>{formatTime(time, timeZone)}</time>
          </button>
        </li>
      ))}
    </ul>
  );
}
