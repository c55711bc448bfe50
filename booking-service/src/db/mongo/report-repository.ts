import type { PipelineStage } from 'mongoose';
import type { DailySales, ReportRepository, ScreenSales } from '../../admin/report-repository.ts';
import type { Models } from './models.ts';

/** The pipeline of dailySales, apart so the offline tests can check it. */
export function dailySalesPipeline(from: Date, timeZone: string, { to, showIds }: { to?: Date; showIds?: string[] } = {}): PipelineStage[] {
  return [
    { $match: { isPaid: true, paidAt: { $gte: from, ...(to && { $lt: to }) }, ...(showIds && { showId: { $in: showIds } }) } },
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
    async dailySales(from, timeZone, { to, screenIds } = {}): Promise<DailySales[]> {
      // Bookings keep their show's id only: a cinema's are those of its screens' shows.
      const showIds = screenIds && (await models.Show.find({ screenId: { $in: [...screenIds] } }, { _id: 1 }).lean<{ _id: string }[]>()).map((show) => show._id);
      const rows = await models.Booking.aggregate<{ _id: string; revenueCents: number; tickets: number }>(dailySalesPipeline(from, timeZone, { to, showIds }));
      return rows.map((row) => ({ date: row._id, revenueCents: row.revenueCents, tickets: row.tickets }));
    },

    async salesByScreen(): Promise<ScreenSales[]> {
      // Bookings keep their show's id only: grouped by show in the database, then by the shows' screens here.
      const byShow = await models.Booking.aggregate<{ _id: string; bookings: number; paidBookings: number; revenueCents: number; seatsSold: number }>([
        {
          $group: {
            _id: '$showId',
            bookings: { $sum: 1 },
            paidBookings: { $sum: { $cond: ['$isPaid', 1, 0] } },
            revenueCents: { $sum: { $cond: ['$isPaid', '$amountCents', 0] } },
            seatsSold: { $sum: { $cond: ['$isPaid', { $size: '$seats' }, 0] } },
          },
        },
      ]);
      const screens = await models.Show.find({ _id: { $in: byShow.map((row) => row._id) } }, { screenId: 1 }).lean<{ _id: string; screenId: string }[]>();
      const screenOf = new Map(screens.map((show) => [show._id, show.screenId]));
      const byScreen = new Map<string, ScreenSales>();
      for (const { _id, ...sales } of byShow) {
        const screenId = screenOf.get(_id);
        if (!screenId) continue;
        const sum = byScreen.get(screenId) ?? { screenId, bookings: 0, paidBookings: 0, revenueCents: 0, seatsSold: 0 };
        byScreen.set(screenId, {
          screenId,
          bookings: sum.bookings + sales.bookings,
          paidBookings: sum.paidBookings + sales.paidBookings,
          revenueCents: sum.revenueCents + sales.revenueCents,
          seatsSold: sum.seatsSold + sales.seatsSold,
        });
      }
      return [...byScreen.values()];
    },
  };
}
