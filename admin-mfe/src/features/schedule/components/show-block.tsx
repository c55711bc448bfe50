import { Link } from 'react-router-dom';
import type { ScheduleViewShow } from 'booking-service/contract';
import { formatTime } from 'shared-ui';
import { placement, SALE_STATE_LABELS, type SaleState, type TimelineWindow } from '../lib/timeline';

/** "7:00–8:43 PM" on the cinema's clock. */
export function timeRange(from: string | number, to: string | number, timeZone: string): string {
  const iso = (t: string | number) => (typeof t === 'number' ? new Date(t).toISOString() : t);
  return `${formatTime(iso(from), timeZone)}–${formatTime(iso(to), timeZone)}`;
}

/**
 * One show on the timeline: a block from its start to the screen's ready-again time (the turnover shaded), with
 * its movie, times, seats sold of the screen's and sales state. It opens the show in List Shows.
 */
export function ShowBlock({ show, state, window, timeZone }: { show: ScheduleViewShow; state: SaleState; window: TimelineWindow; timeZone: string }) {
  const start = Date.parse(show.startsAt);
  const ready = Date.parse(show.readyAt);
  const { left, width } = placement(window, start, ready);
  // The turnover's share of the block, drawn lighter: the screen is busy but no film runs.
  const turnover = ready > start ? ((ready - Date.parse(show.endsAt)) / (ready - start)) * 100 : 0;
  const times = timeRange(show.startsAt, show.endsAt, timeZone);
  const readyAt = formatTime(show.readyAt, timeZone);
  return (
    <li className={`schedule__item schedule__show schedule__show--${state}`} style={{ left: `${left}%`, width: `${width}%`, ['--turnover' as string]: `${turnover}%` }}>
      {/* Its name is its visible text (the separators for a screen reader only): what staff see is what they can say. */}
      <Link
        to={`/admin/list-shows?show=${encodeURIComponent(show.showId)}`}
        title={`${show.title} · ${times}, ready again ${readyAt} · ${show.soldSeats} / ${show.totalSeats} sold · ${SALE_STATE_LABELS[state]}`}
      >
        <span className="schedule__title">{show.title}</span>
        <span className="sr-only">, </span>
        <span className="schedule__meta">
          {times}
          <span className="schedule__ready">, ready again {readyAt}</span>
        </span>
        <span className="sr-only">, </span>
        <span className="schedule__meta">
          {show.soldSeats} / {show.totalSeats} sold · {SALE_STATE_LABELS[state]}
        </span>
      </Link>
    </li>
  );
}

/** A free stretch of the screen, named so staff see where another show fits. */
export function GapBlock({ from, to, window, timeZone }: { from: number; to: number; window: TimelineWindow; timeZone: string }) {
  const { left, width } = placement(window, from, to);
  return (
    <li className="schedule__item schedule__gap" style={{ left: `${left}%`, width: `${width}%` }}>
      <span>Free {timeRange(from, to, timeZone)}</span>
    </li>
  );
}
