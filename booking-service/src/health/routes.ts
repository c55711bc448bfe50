import { HealthResponse, UnhealthyResponse } from '../contract/responses.ts';
import { failures } from '../contract/failures.ts';
import type { AppInstance } from '../http/app-instance.ts';
import type { IntegrityMonitor } from '../integrity/integrity-check.ts';

export interface HealthRoutesDeps {
  /** Which store answers (`pglite`, `postgres`, `mongodb`). */
  driver: string;
  integrity: IntegrityMonitor;
  /** The identity record: read on every call, so an unreachable database is a 503 at once. */
  identityRecord: { identity(): Promise<unknown> };
}

/** `GET /api/health`: the process answers, its database is reachable and whole. */
export async function healthRoutes(app: AppInstance, { driver, integrity, identityRecord }: HealthRoutesDeps) {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['service'],
        summary: 'Liveness, database reachability and integrity (503 with the problems and what to do when damaged)',
        response: { 200: HealthResponse, ...failures(), 503: UnhealthyResponse },
      },
    },
    async (_request, reply) => {
      // The database must answer now (one row by its key, on every call); the full integrity checks cost
      // more and are reused while fresh.
      await identityRecord.identity();
      const report = await integrity.check();
      if (!report.healthy) {
        return reply.code(503).send({ success: false as const, status: 'unhealthy', database: driver, message: report.problems.join(' '), problems: report.problems });
      }
      return { success: true as const, status: 'ok', database: driver };
    },
  );
}
