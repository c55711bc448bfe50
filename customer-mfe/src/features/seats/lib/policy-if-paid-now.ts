import { cancellationPolicyIfPaidNow, cancellationPolicyText } from 'booking-service/cancellation';
import { formatShowTime, formatTime } from 'shared-ui';
import { calendarDateIn } from 'shared-ui/calendar-date';
import type { ShowTime } from '../../../lib/places';

/** The cancellation policy as it will apply to this booking if paid now: until when, or non-refundable. */
export function policyIfPaidNow(chosen: ShowTime | null, now: number, cutoffMinutes: number, clock: string | undefined): string {
  if (!chosen) return cancellationPolicyText(cutoffMinutes, 'short');
  // "9:00 PM" when free cancellation ends today, "Thu, Dec 10, 7:30 PM" when on another day.
  const today = calendarDateIn(new Date(now).toISOString(), clock);
  const formatAt = (instant: Date) =>
    calendarDateIn(instant.toISOString(), clock) === today ? formatTime(instant.toISOString(), clock) : formatShowTime(instant.toISOString(), clock);
  return cancellationPolicyIfPaidNow({ startsAt: new Date(chosen.time), now: new Date(now), cutoffMinutes, formatTime: formatAt });
}
