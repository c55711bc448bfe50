import { describe, expect, it } from 'vitest';
import type { BookingWithShow } from '../bookings/booking.ts';
import { zonedInstant } from '../contract/theatre-time.ts';
import { REFUND_REASONS } from '../payments/cancel-paid.ts';
import { admissionDecision, cinemaRefusal, stateRefusal } from './admission-rules.ts';

const timeZone = 'Europe/London';
const window = { opensMinutesBefore: 60, closesMinutesAfter: 30 };

function booking(startsAt: Date, fields: Partial<BookingWithShow> = {}): BookingWithShow {
  return { status: 'paid', refundStatus: null, refundReason: null, cancelledAt: null, show: { startsAt } as BookingWithShow['show'], ...fields } as BookingWithShow;
}

describe('admissionDecision', () => {
  const show = zonedInstant('2026-12-05', '19:30', timeZone);
  const at = (time: string, date = '2026-12-05') => zonedInstant(date, time, timeZone);

  it('admits a paid ticket from the window opening to its close, both included', () => {
    for (const time of ['18:30', '19:29', '19:30', '20:00']) expect(admissionDecision(booking(show), at(time), window, timeZone)).toEqual({ admit: true });
    expect(admissionDecision(booking(show), at('18:29'), window, timeZone)).toMatchObject({ outcome: 'too-early', reason: 'Too early: admission for the 7:30 PM show opens at 6:30 PM' });
    expect(admissionDecision(booking(show), at('20:01'), window, timeZone)).toMatchObject({ outcome: 'too-late', reason: 'Too late: admission for the 7:30 PM show closed at 8:00 PM' });
  });

  it('follows a configured window', () => {
    const wide = { opensMinutesBefore: 120, closesMinutesAfter: 0 };
    expect(admissionDecision(booking(show), at('17:30'), wide, timeZone)).toEqual({ admit: true });
    expect(admissionDecision(booking(show), at('19:31'), wide, timeZone)).toMatchObject({ outcome: 'too-late' });
  });

  it('admits a show just after midnight from the evening before; another date outside the window is "another day"', () => {
    const late = zonedInstant('2026-12-06', '00:15', timeZone);
    expect(admissionDecision(booking(late), at('23:30'), window, timeZone)).toEqual({ admit: true });
    expect(admissionDecision(booking(show), at('19:30', '2026-12-04'), window, timeZone)).toMatchObject({
      outcome: 'another-day',
      reason: 'Another day: this ticket is for the show on Dec 5, 2026, 7:30 PM',
    });
  });

  it('refuses by the booking\'s state before the clock: unpaid, cancelled, refunded', () => {
    expect(admissionDecision(booking(show, { status: 'held' }), at('19:00'), window, timeZone)).toMatchObject({ outcome: 'not-paid' });
    expect(admissionDecision(booking(show, { status: 'cancelled' }), at('19:00'), window, timeZone)).toMatchObject({ outcome: 'cancelled' });
    expect(admissionDecision(booking(show, { status: 'cancelled', refundStatus: 'refunded' }), at('19:00'), window, timeZone)).toMatchObject({ outcome: 'refunded' });
    expect(admissionDecision(booking(show, { status: 'cancelled', refundStatus: 'failed' }), at('19:00'), window, timeZone)).toMatchObject({ outcome: 'cancelled' });
  });
});

describe('stateRefusal', () => {
  const show = zonedInstant('2026-12-05', '19:30', timeZone);
  const cancelledAt = zonedInstant('2026-12-05', '18:31', timeZone);
  it('names who cancelled a paid booking and when, on the clock given (a cancellation that won the race with the scan)', () => {
    const byCustomer = booking(show, { status: 'cancelled', refundStatus: 'refunded', cancelledAt, refundReason: REFUND_REASONS.customer });
    expect(stateRefusal(byCustomer, timeZone)).toEqual({
      admit: false,
      outcome: 'refunded',
      reason: 'Refunded: cancelled by the moviegoer at 6:31 PM, refunded in full; the ticket is no longer valid',
    });
    const byCinema = booking(show, { status: 'cancelled', refundStatus: 'pending', cancelledAt, refundReason: `${REFUND_REASONS.show} (refund will be retried: down)` });
    expect(stateRefusal(byCinema, timeZone)?.reason).toBe('Refunded: the cinema cancelled this show at 6:31 PM, refunded in full; the ticket is no longer valid');
    expect(stateRefusal({ ...byCinema, refundStatus: 'failed' }, timeZone)?.reason).toBe('Cancelled: the cinema cancelled this show at 6:31 PM; the ticket is not valid');
    // A booking cancelled before cancelledAt was kept, or a late payment refunded: the plain words.
    expect(stateRefusal({ ...byCustomer, cancelledAt: null }, timeZone)?.reason).toBe('Refunded: this ticket was refunded and is no longer valid');
    expect(stateRefusal(booking(show), timeZone)).toBeNull();
  });
});

describe('cinemaRefusal', () => {
  const show = { cinemaId: 'marquee-saket-central', cinemaName: 'Marquee Saket Central', screenName: 'Screen 2' };
  const startsAt = zonedInstant('2026-12-05', '19:30', timeZone);
  const inWindow = zonedInstant('2026-12-05', '19:00', timeZone);

  it("refuses a ticket for another cinema's show, naming where it is valid", () => {
    expect(cinemaRefusal(show, 'marquee-marine-drive')).toEqual({
      admit: false,
      outcome: 'another-cinema',
      reason: 'Another cinema: this ticket is for Marquee Saket Central, Screen 2',
    });
  });

  it("passes the show's own cinema, a door that names none, and a screen the chain does not know", () => {
    expect(cinemaRefusal(show, 'marquee-saket-central')).toBeNull();
    expect(cinemaRefusal(show, undefined)).toBeNull();
    expect(cinemaRefusal(undefined, 'marquee-marine-drive')).toBeNull();
  });

  it("comes after the ticket's own state and before the window", () => {
    const elsewhere = cinemaRefusal(show, 'marquee-marine-drive');
    expect(admissionDecision(booking(startsAt, { refundStatus: 'refunded' }), inWindow, window, timeZone, elsewhere)).toMatchObject({ outcome: 'refunded' });
    expect(admissionDecision(booking(startsAt), zonedInstant('2026-12-05', '12:00', timeZone), window, timeZone, elsewhere)).toMatchObject({ outcome: 'another-cinema' });
    expect(admissionDecision(booking(startsAt), inWindow, window, timeZone, null)).toEqual({ admit: true });
  });
});
