function dayParts(date: string) {
  const d = new Date(`${date}T00:00:00Z`);
  const part = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(d);
  return { weekday: part({ weekday: 'short' }), day: part({ day: 'numeric' }), month: part({ month: 'short' }) };
}

/** A strip of calendar dates (YYYY-MM-DD) as toggle buttons, the chosen one pressed: the movie and cinema pages' day picker. */
export function DateStrip({ dates, selected, onSelect, label }: { dates: readonly string[]; selected: string | null; onSelect: (date: string) => void; label: string }) {
  return (
    <ul className="c-dates__list" aria-label={label}>
      {dates.map((date) => {
        const { weekday, day, month } = dayParts(date);
        return (
          <li key={date}>
            <button type="button" className="c-date" aria-pressed={selected === date} onClick={() => onSelect(date)}>
              <span className="c-date__weekday">{weekday}</span> <span className="c-date__day">{day}</span> <span className="c-date__month">{month}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
