import { describe, expect, it } from 'vitest';
import type { ScheduleViewShow } from 'booking-service/contract';
import { dayWindow, saleState, timelineItems, viewHours } from './timeline';
import { stepped } from './schedule-query';

const show = (startsAt: string, readyAt: string, extra: Partial<ScheduleViewShow> = {}): ScheduleViewShow => ({
  showId: startsAt,
  movieId: '1',
  title: 'A film',
  startsAt,
  endsAt: readyAt,
  readyAt,
  cancelled: false,
  soldSeats: 0,
  heldSeats: 0,
  totalSeats: 10,
  ...extra,
});

describe('the schedule timeline', () => {
  it("spans 9 AM to midnight on the cinema's clock, longer for a show outside it (drawn on the day it starts)", () => {
    // Kolkata is UTC+5:30: 09:00 IST is 03:30Z.
    expect(dayWindow('2026-12-10', 'Asia/Kolkata', viewHours(['2026-12-10'], 'Asia/Kolkata', []))).toEqual({
      from: Date.parse('2026-12-10T03:30:00Z'),
      to: Date.parse('2026-12-10T18:30:00Z'),
    });
    // A 7:30 AM show and a 11:30 PM show ready at 1:50 AM: 7 AM to 2 AM.
    const shows = [show('2026-12-10T02:00:00Z', '2026-12-10T04:00:00Z'), show('2026-12-10T18:00:00Z', '2026-12-10T20:20:00Z')];
    expect(viewHours(['2026-12-10'], 'Asia/Kolkata', shows)).toEqual({ first: 7, last: 26 });
    // The late show of the day before does not pull the next day's view to midnight.
    expect(viewHours(['2026-12-11'], 'Asia/Kolkata', shows)).toEqual({ first: 9, last: 24 });
  });

  it('keeps its hours on a daylight-saving day (New York, 2026-11-01: 25 hours)', () => {
    const window = dayWindow('2026-11-01', 'America/New_York', { first: 9, last: 24 });
    // 9 AM EST (after the change at 2 AM) is 14:00Z; midnight is 05:00Z next day.
    expect(new Date(window.from).toISOString()).toBe('2026-11-01T14:00:00.000Z');
    expect(new Date(window.to).toISOString()).toBe('2026-11-02T05:00:00.000Z');
  });

  it('names the free stretches between shows (cancelled ones free their time; stretches under 30 minutes left out)', () => {
    const window = { from: Date.parse('2026-12-10T09:00:00Z'), to: Date.parse('2026-12-10T18:00:00Z') };
    const items = timelineItems(window, [
      show('2026-12-10T12:00:00Z', '2026-12-10T14:00:00Z'),
      show('2026-12-10T14:20:00Z', '2026-12-10T16:00:00Z'),
      show('2026-12-10T16:30:00Z', '2026-12-10T17:00:00Z', { cancelled: true }),
    ]);
    expect(items.map((item) => (item.kind === 'gap' ? `gap ${new Date(item.from).toISOString().slice(11, 16)}-${new Date(item.to).toISOString().slice(11, 16)}` : `show ${item.show.startsAt.slice(11, 16)}`))).toEqual([
      'gap 09:00-12:00',
      'show 12:00',
      'show 14:20',
      'show 16:30',
      'gap 16:00-18:00',
    ]);
  });

  it("says a show's sales state: closed once online sales close, an on-sale event before it opens", () => {
    const at = show('2026-12-10T12:00:00Z', '2026-12-10T14:00:00Z');
    expect(saleState(at, Date.parse('2026-12-10T11:31:00Z'), 30)).toBe('closed');
    expect(saleState(at, Date.parse('2026-12-10T11:00:00Z'), 30)).toBe('selling');
    expect(saleState({ ...at, soldSeats: 10 }, Date.parse('2026-12-10T11:00:00Z'), 30)).toBe('sold-out');
    expect(saleState({ ...at, onSale: { eventId: 'e', at: '2026-12-10T11:10:00Z', waitingRoom: true } }, Date.parse('2026-12-10T11:00:00Z'), 30)).toBe('on-sale-soon');
    expect(saleState({ ...at, cancelled: true }, 0, 30)).toBe('cancelled');
  });

  it('steps a day or a week, across month ends', () => {
    expect(stepped('2026-12-31', 'day', 1)).toBe('2027-01-01');
    expect(stepped('2026-12-03', 'week', -1)).toBe('2026-11-26');
  });
});
