import { IntegrityReportResponse } from '../contract/integrity.ts';
import { failures } from '../contract/failures.ts';
import type { AppInstance } from '../http/app-instance.ts';
import type { Auth } from '../identity/auth.ts';
import type { HighWaterMark } from '../integrity/high-water-mark.ts';
import type { IntegrityMonitor, IntegrityReport } from '../integrity/integrity-check.ts';
import type { DoubleSale } from '../store/types.ts';

export interface IntegrityRoutesDeps {
  integrity: IntegrityMonitor;
  auth: Auth;
  /** DATA_DIR's high-water mark, with the restore points this instance adopted (none without DATA_DIR). */
  mark: HighWaterMark | undefined;
  describeDoubleSale: (sale: DoubleSale) => string;
  /** Two live shows of one screen that overlap, in support's words. */
  describeScheduleOverlap: (overlap: IntegrityReport['scheduleOverlaps'][number]) => string;
}

/**
 * The integrity checks' findings for support staff: the problems (public health says only up or down),
 * the seats sold twice and their bookings, and the bookings a restored copy lost, to settle.
 */
export async function integrityRoutes(app: AppInstance, { integrity, auth, mark, describeDoubleSale, describeScheduleOverlap }: IntegrityRoutesDeps) {
  app.get(
    '/api/debug/integrity',
    {
      onRequest: auth.requireRole('support'),
      schema: {
        tags: ['debug'],
        security: [{ bearerAuth: [] }],
        summary: "The database's integrity for support: problems, seats sold twice, and the paid bookings an adopted restore point lost",
        response: { 200: IntegrityReportResponse, ...failures(401, 403) },
      },
    },
    async () => {
      const report = await integrity.check();
      return {
        success: true as const,
        healthy: report.healthy,
        checkedAt: report.checkedAt.toISOString(),
        problems: report.problems,
        doubleSold: report.doubleSold.map((sale) => ({ ...sale, message: describeDoubleSale(sale) })),
        scheduleOverlaps: report.scheduleOverlaps.map(describeScheduleOverlap),
        paidWhileStopped: integrity.paidWhileStopped(),
        lostConfirmations: report.lostConfirmations,
        adoptions: mark?.read()?.adoptions ?? [],
      };
    },
  );
}
