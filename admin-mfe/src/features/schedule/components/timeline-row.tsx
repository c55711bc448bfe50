import type { ScheduleViewShow } from 'booking-service/contract';
import { formatTime } from 'shared-ui';
import { hourMarks, placement, saleState, timelineItems, type TimelineWindow } from '../lib/timeline';
import { GapBlock, ShowBlock } from './show-block';

/**
 * One row of the timeline: a screen's day (the day view) or one day of a screen (the week view). On a laptop the
 * blocks sit at their times along the row; under 48rem the same list reads top to bottom (admin.css).
 */
export function TimelineRow({
  label,
  shows,
  window,
  timeZone,
  now,
  salesCloseMinutes,
}: {
  label: string;
  shows: readonly ScheduleViewShow[];
  window: TimelineWindow;
  timeZone: string;
  now: number;
  salesCloseMinutes: number;
}) {
  const items = timelineItems(window, shows);
  return (
    <div className="schedule__row">
      <h3 className="schedule__label">{label}</h3>
      <ol className="schedule__track" aria-label={label}>
        {items.map((item) =>
          item.kind === 'show' ? (
            <ShowBlock key={item.show.showId} show={item.show} state={saleState(item.show, now, salesCloseMinutes)} window={window} timeZone={timeZone} />
          ) : (
            <GapBlock key={`gap-${item.from}`} from={item.from} to={item.to} window={window} timeZone={timeZone} />
          ),
        )}
        {items.length === 0 && <li className="schedule__item schedule__empty">No shows</li>}
      </ol>
    </div>
  );
}

/** The hours along the top of a view (hidden on a phone, where the rows are lists). */
export function HourAxis({ window, timeZone }: { window: TimelineWindow; timeZone: string }) {
  const marks = hourMarks(window);
  return (
    <div className="schedule__row schedule__axis" aria-hidden="true">
      <span className="schedule__label" />
      <div className="schedule__track">
        {marks.slice(0, -1).map((mark) => (
          <span key={mark} className="schedule__hour" style={{ left: `${placement(window, mark, mark).left}%` }}>
            {formatTime(new Date(mark).toISOString(), timeZone).replace(':00', '')}
          </span>
        ))}
      </div>
    </div>
  );
}
