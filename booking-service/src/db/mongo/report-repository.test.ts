import { describe, expect, it } from 'vitest';
import { dailySalesPipeline } from './report-repository.ts';

describe('MongoDB daily sales report', () => {
  it('aggregates paid bookings since the start by theatre-local day, oldest first', () => {
    const from = new Date('2026-11-01T00:00:00Z');
    expect(dailySalesPipeline(from, 'Asia/Kolkata')).toEqual([
      { $match: { isPaid: true, paidAt: { $gte: from } } },
      {
        $group: {
          _id: { $dateToString: { format: '%Y-%m-%d', date: '$paidAt', timezone: 'Asia/Kolkata' } },
          revenueCents: { $sum: '$amountCents' },
          tickets: { $sum: { $size: '$seats' } },
        },
      },
      { $sort: { _id: 1 } },
    ]);
  });
});
