import type { CinemaWithLayouts } from 'booking-service/contract';
import { Button } from 'shared-ui';
import { FilterSelect } from 'shared-ui/staff';
import { cinemaOptions } from '../../../lib/cinema-filters';
import { stepped, type ScheduleSpan } from '../lib/schedule-query';

/**
 * The schedule's cinema, day and span (a day, or the week from it), with a step back and forward and Today.
 * Each control is named by its label's words alone, as the lists' filters.
 */
export function ScheduleControls({
  cinemas,
  cinemaId,
  date,
  today,
  span,
  onChange,
}: {
  cinemas: readonly CinemaWithLayouts[];
  cinemaId: string;
  date: string;
  today: string;
  span: ScheduleSpan;
  onChange: (change: { cinema?: string; date?: string; view?: ScheduleSpan }) => void;
}) {
  const unit = span === 'week' ? 'week' : 'day';
  return (
    <form className="admin__filters schedule__controls" onSubmit={(e) => e.preventDefault()} aria-label="Choose the schedule">
      <FilterSelect label="Cinema" value={cinemaId} options={cinemaOptions(cinemas)} onChange={(cinema) => onChange({ cinema })} />
      <label>
        {span === 'week' ? 'Week from' : 'Day'}
        <input type="date" aria-label={span === 'week' ? 'Week from' : 'Day'} value={date} onChange={(e) => e.target.value && onChange({ date: e.target.value })} />
      </label>
      <div className="schedule__steps">
        <Button variant="secondary" onClick={() => onChange({ date: stepped(date, span, -1) })}>
          Previous {unit}
        </Button>
        <Button variant="secondary" disabled={date === today} onClick={() => onChange({ date: today })}>
          Today
        </Button>
        <Button variant="secondary" onClick={() => onChange({ date: stepped(date, span, 1) })}>
          Next {unit}
        </Button>
      </div>
      <div className="schedule__span" role="group" aria-label="View">
        {(['day', 'week'] as const).map((choice) => (
          <Button key={choice} variant={span === choice ? 'primary' : 'secondary'} aria-pressed={span === choice} onClick={() => onChange({ view: choice })}>
            {choice === 'day' ? 'Day' : 'Week'}
          </Button>
        ))}
      </div>
    </form>
  );
}
