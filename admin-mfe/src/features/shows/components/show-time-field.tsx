import { Button } from 'shared-ui';
import { localDateTimeNow } from '../lib/local-date-time';

/**
 * Add Shows' date and time, added one at a time to the chosen times; said to be on the chosen cinema's clock (the
 * theatre's without one).
 */
export function ShowTimeField({
  value,
  error,
  timeZone,
  onCinemaClock,
  onType,
  onAdd,
}: {
  value: string;
  error: string | null;
  timeZone: string | undefined;
  /** A cinema is chosen: the time is its clock's. */
  onCinemaClock: boolean;
  onType: (value: string) => void;
  onAdd: () => void;
}) {
  return (
    <>
      <label htmlFor="show-datetime">Select Date and Time</label>
      {timeZone && <p className="admin__muted">{onCinemaClock ? `In the cinema's time (${timeZone})` : `In the theatre's time (${timeZone})`}</p>}
      <div className="admin__datetime">
        <input
          id="show-datetime"
          type="datetime-local"
          min={localDateTimeNow()}
          value={value}
          onChange={(e) => onType(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'show-datetime-error' : undefined}
        />
        <Button variant="secondary" onClick={onAdd}>
          Add Time
        </Button>
      </div>
      {error && (
        <p id="show-datetime-error" className="admin__field-error">
          {error}
        </p>
      )}
    </>
  );
}
