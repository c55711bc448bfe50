import type { ScheduleViewResponse } from 'booking-service/contract';
import { formatDay } from 'shared-ui';
import { dayWindow, viewHours } from '../lib/timeline';
import { HourAxis, TimelineRow } from './timeline-row';
import './schedule.css';

type Schedule = ScheduleViewResponse;
type Screen = Schedule['screens'][number];

const screenLabel = (screen: Screen) => `${screen.name} · ${screen.format} · ${screen.seatCount} seats`;

/** Every show of the answer, for the hours the rows share. */
const allShows = (schedule: Schedule) => schedule.screens.flatMap((screen) => screen.shows);

/** A day: one row per screen, along the same hours. */
export function DayView({ schedule, date, now }: { schedule: Schedule; date: string; now: number }) {
  const { timeZone } = schedule.cinema;
  const window = dayWindow(date, timeZone, viewHours([date], timeZone, allShows(schedule)));
  return (
    <section className="schedule" aria-label={`${schedule.cinema.name}, ${formatDay(date)}`}>
      <h2 className="admin__section-title">{formatDay(date)}</h2>
      <HourAxis window={window} timeZone={timeZone} />
      {schedule.screens.map((screen) => (
        <TimelineRow
          key={screen._id}
          label={screenLabel(screen)}
          shows={screen.shows}
          window={window}
          timeZone={timeZone}
          now={now}
          salesCloseMinutes={schedule.salesCloseMinutes}
        />
      ))}
    </section>
  );
}

/** A week: for each screen, one row per day, along the same hours. */
export function WeekView({ schedule, dates, now }: { schedule: Schedule; dates: readonly string[]; now: number }) {
  const { timeZone } = schedule.cinema;
  const hours = viewHours(dates, timeZone, allShows(schedule));
  return (
    <>
      {schedule.screens.map((screen) => (
        <section key={screen._id} className="schedule" aria-label={`${screen.name}, week from ${formatDay(dates[0]!)}`}>
          <h2 className="admin__section-title">{screenLabel(screen)}</h2>
          <HourAxis window={dayWindow(dates[0]!, timeZone, hours)} timeZone={timeZone} />
          {dates.map((date) => (
            <TimelineRow
              key={date}
              label={formatDay(date)}
              shows={screen.shows}
              window={dayWindow(date, timeZone, hours)}
              timeZone={timeZone}
              now={now}
              salesCloseMinutes={schedule.salesCloseMinutes}
            />
          ))}
        </section>
      ))}
    </>
  );
}
