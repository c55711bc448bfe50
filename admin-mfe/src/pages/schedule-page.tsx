import { EmptyState, ErrorState, PageLayout, Skeleton } from 'shared-ui';
import { useComposedSearchParams } from 'shared-ui/search-params';
import { useAdminCinemas } from '../features/cinemas/api/get-admin-cinemas';
import { useSchedule } from '../features/schedule/api/get-schedule';
import { ScheduleControls } from '../features/schedule/components/schedule-controls';
import { DayView, WeekView } from '../features/schedule/components/schedule-views';
import { daysOf, scheduleChoice, todayAt } from '../features/schedule/lib/schedule-query';
import { SALE_STATE_LABELS } from '../features/schedule/lib/timeline';

/**
 * Schedule: a cinema's screens over a day or a week, each show a block from its start to the
 * screen's ready-again time, the free stretches named; a block opens the show in List Shows. Times on the
 * cinema's clock; the choice in the URL.
 */
export function SchedulePage() {
  const [params, changeParams] = useComposedSearchParams();
  const cinemas = useAdminCinemas();
  const choice = scheduleChoice(params);
  const cinema = cinemas.data?.cinemas.find((c) => c._id === choice.cinemaId) ?? cinemas.data?.cinemas[0];
  const today = cinema ? todayAt(cinema.timeZone) : '';
  const date = choice.date ?? today;
  const dates = date ? daysOf(date, choice.span) : [];
  const schedule = useSchedule(cinema && date ? { cinemaId: cinema._id, from: dates[0]!, to: dates[dates.length - 1]! } : null);
  const change = (values: { cinema?: string; date?: string; view?: string }) =>
    changeParams((current) => {
      const next = new URLSearchParams(current);
      for (const [name, value] of Object.entries(values)) next.set(name, value);
      if (next.get('view') === 'day') next.delete('view');
      return next;
    });

  if (cinemas.isPending) return <PageLayout title="Schedule"><Skeleton height="12rem" /></PageLayout>;
  if (cinemas.isError || !cinema) {
    return (
      <PageLayout title="Schedule">
        <EmptyState title="No cinemas" text="This service names no cinemas, so there is no schedule by screen." />
      </PageLayout>
    );
  }
  return (
    <PageLayout title="Schedule">
      <ScheduleControls cinemas={cinemas.data.cinemas} cinemaId={cinema._id} date={date} today={today} span={choice.span} onChange={change} />
      <p className="admin__muted">
        On {cinema.name}&apos;s clock ({cinema.timeZone}). Each block runs from the show&apos;s start to when the screen is ready again
        {cinema.turnoverMinutes !== undefined && ` (${cinema.turnoverMinutes} min turnover after the film)`}. States:{' '}
        {Object.values(SALE_STATE_LABELS).join(', ')}.
      </p>
      {schedule.isPending ? (
        <div role="status" aria-label="Loading the schedule">
          <Skeleton height="12rem" />
        </div>
      ) : schedule.isError ? (
        <ErrorState message={schedule.error.message} onRetry={() => void schedule.refetch()} />
      ) : choice.span === 'week' ? (
        <WeekView schedule={schedule.data} dates={dates} now={Date.now()} />
      ) : (
        <DayView schedule={schedule.data} date={date} now={Date.now()} />
      )}
    </PageLayout>
  );
}
