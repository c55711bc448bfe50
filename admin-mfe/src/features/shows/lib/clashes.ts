import type { ScheduleClashAnswer, ScheduleClashJson } from 'booking-service/contract';
import { localDate } from 'booking-service/theatre-time';
import { isApiError } from 'shared-ui/staff';

/** An instant as Add Shows writes times: the cinema's date and 24-hour "HH:mm". */
export function wallClockOf(iso: string, timeZone: string): { date: string; time: string } {
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(new Date(iso));
  return { date: localDate(new Date(iso), timeZone), time };
}

/** The clashes of a refused add (409: the service's ScheduleClashErrorSchema), or null for any other failure. */
export function clashesOf(error: unknown): ScheduleClashJson[] | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const clashes = (error.body as Partial<ScheduleClashAnswer> | null)?.clashes;
  return Array.isArray(clashes) && clashes.length > 0 ? clashes : null;
}

/** The clashes that still concern the chosen times (a time taken out or moved is no longer listed). */
export function clashesOfChosen(clashes: readonly ScheduleClashJson[], dateTimes: Record<string, string[]>, timeZone: string): ScheduleClashJson[] {
  return clashes.filter((clash) => {
    const { date, time } = wallClockOf(clash.proposed.startsAt, timeZone);
    return dateTimes[date]?.includes(time) ?? false;
  });
}
