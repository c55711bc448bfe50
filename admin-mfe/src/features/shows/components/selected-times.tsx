import { formatDay, formatTime } from 'shared-ui';

/** A theatre wall-clock time of a date as every screen writes times ("18:30" -> "6:30 PM"), with no time zone shift. */
export function wallClockTime(date: string, time: string): string {
  return formatTime(`${date}T${time}:00Z`, 'UTC');
}

/** Add Shows' chosen dates and times, each removable; a time that clashes on the screen is marked. */
export function SelectedTimes({
  dateTimes,
  clashing,
  onRemove,
}: {
  dateTimes: Record<string, string[]>;
  /** "2026-12-24T18:30" keys of the times that clash. */
  clashing: ReadonlySet<string>;
  onRemove: (date: string, time: string) => void;
}) {
  if (Object.keys(dateTimes).length === 0) return null;
  return (
    <div className="admin__selected-times">
      <h3>Selected Date-Time</h3>
      <ul>
        {Object.entries(dateTimes).map(([date, times]) => (
          <li key={date}>
            <span className="admin__date">{formatDay(date)}</span>
            <ul className="admin__times">
              {times.map((time) => (
                <li key={time} className={clashing.has(`${date}T${time}`) ? 'admin__time--clash' : undefined}>
                  {wallClockTime(date, time)}
                  {clashing.has(`${date}T${time}`) && <span className="admin__clash-mark"> · clashes</span>}
                  <button type="button" aria-label={`Remove ${wallClockTime(date, time)} on ${formatDay(date)}`} onClick={() => onRemove(date, time)}>
                    ×
                  </button>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}
