import { describe, expect, it } from 'vitest';
import { onSaleRequest, type OnSaleForm } from './on-sale-form';

const now = new Date('2026-12-01T09:00:00Z');
const form: OnSaleForm = { name: ' Premiere ', showIds: ['s1'], onSaleAt: '2026-12-01T10:00:00Z', waitingRoom: true, capacity: '', windowMinutes: '10' };

describe('onSaleRequest', () => {
  it('builds the body, leaving the capacity to the service when blank', () => {
    expect(onSaleRequest(form, now)).toEqual({ name: 'Premiere', showIds: ['s1'], onSaleAt: '2026-12-01T10:00:00.000Z', waitingRoom: true, windowMinutes: 10 });
    expect(onSaleRequest({ ...form, capacity: '40' }, now)).toMatchObject({ shoppingCapacity: 40 });
  });
  it('says what to fix, one thing at a time', () => {
    expect(onSaleRequest({ ...form, name: ' ' }, now)).toEqual({ error: 'Give the on-sale a name' });
    expect(onSaleRequest({ ...form, showIds: [] }, now)).toEqual({ error: 'Pick at least one show' });
    expect(onSaleRequest({ ...form, onSaleAt: '' }, now)).toEqual({ error: 'Choose the on-sale time' });
    expect(onSaleRequest({ ...form, onSaleAt: '2026-12-01T08:00:00Z' }, now)).toEqual({ error: 'The on-sale time must be in the future' });
    expect(onSaleRequest({ ...form, capacity: '2.5' }, now)).toHaveProperty('error');
    expect(onSaleRequest({ ...form, windowMinutes: '0' }, now)).toHaveProperty('error');
  });
});
