import { describe, expect, it } from 'vitest';
import { onSaleRequest, type OnSaleForm } from './on-sale-form';

const now = new Date('2026-12-01T09:00:00Z');
const form: OnSaleForm = { name: ' Premiere ', showIds: ['s1'], onSaleAt: '2026-12-01T10:00', waitingRoom: true, capacity: '', windowMinutes: '10' };

describe('onSaleRequest', () => {
  it('builds the body, leaving the capacity to the service when blank', () => {
    expect(onSaleRequest(form, now, 'UTC')).toEqual({ name: 'Premiere', showIds: ['s1'], onSaleAt: '2026-12-01T10:00:00.000Z', waitingRoom: true, windowMinutes: 10 });
    expect(onSaleRequest({ ...form, capacity: '40' }, now, 'UTC')).toMatchObject({ shoppingCapacity: 40 });
  });
  it("reads the time on the theatre's clocks, whatever the browser's zone", () => {
    // 10:00:30 in New York (UTC-5 in December) is 15:00:30 UTC.
    expect(onSaleRequest({ ...form, onSaleAt: '2026-12-01T10:00:30' }, now, 'America/New_York')).toMatchObject({ onSaleAt: '2026-12-01T15:00:30.000Z' });
    // 10:00 in Kolkata (UTC+5:30) is 04:30 UTC: before `now`, so in the past.
    expect(onSaleRequest(form, now, 'Asia/Kolkata')).toEqual({ error: 'The on-sale time must be in the future' });
    expect(onSaleRequest(form, now, undefined)).toEqual({ error: "The theatre's time zone is still loading: try again in a moment" });
    expect(onSaleRequest({ ...form, onSaleAt: '2026-02-30T10:00' }, now, 'UTC')).toEqual({ error: 'Choose the on-sale time' });
  });
  it('says what to fix, one thing at a time', () => {
    expect(onSaleRequest({ ...form, name: ' ' }, now, 'UTC')).toEqual({ error: 'Give the on-sale a name' });
    expect(onSaleRequest({ ...form, showIds: [] }, now, 'UTC')).toEqual({ error: 'Pick at least one show' });
    expect(onSaleRequest({ ...form, onSaleAt: '' }, now, 'UTC')).toEqual({ error: 'Choose the on-sale time' });
    expect(onSaleRequest({ ...form, onSaleAt: '2026-12-01T08:00' }, now, 'UTC')).toEqual({ error: 'The on-sale time must be in the future' });
    expect(onSaleRequest({ ...form, capacity: '2.5' }, now, 'UTC')).toHaveProperty('error');
    expect(onSaleRequest({ ...form, windowMinutes: '0' }, now, 'UTC')).toHaveProperty('error');
  });
});
