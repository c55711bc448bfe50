import type { PipelineStage } from 'mongoose';
import type { DailySales, ReportRepository } from '../../admin/report-repository.ts';
import type { Models } from './models.ts';

/** The pipeline of dailySales, apart so the offline tests can check it. */
export function dailySalesPipeline(from: Date, timeZone: string): PipelineStage[] {
  return [
    { $match: { isPaid: true, paidAt: { $gte: from } } },
    {
      $group: {
        _id: { $dateToString: { format: '%Y-%m-%d', date: '$paidAt', timezone: timeZone } },
        revenueCents: { $sum: '$amountCents' },
        tickets: { $sum: { $size: '$seats' } },
      },
    },
    { $sort: { _id: 1 } },
  ];
}

export function createReportRepository(models: Models): ReportRepository {
  return {
    async dailySales(from, timeZone): Promise<DailySales[]> {
      const rows = await models.Booking.aggregate<{ _id: string; revenueCents: number; tickets: number }>(dailySalesPipeline(from, timeZone));
      return rows.map((row) => ({ date: row._id, revenueCents: row.revenueCents, tickets: row.tickets }));
    },
  };
}
