import { HealthResponse, LiveResponse, UnhealthyResponse } from '../contract/responses.ts';
import { failures } from '../contract/failures.ts';
import type { FastifyReply } from 'fastify';
import type { AppInstance } from '../http/app-instance.ts';
import type { IntegrityMonitor } from '../integrity/integrity-check.ts';

export interface HealthRoutesDeps {
  /** Which store answers (`pglite`, `postgres`, `mongodb`). */
  driver: string;
  integrity: IntegrityMonitor;
  /** The identity record: read on every call, so an unreachable database is a 503 at once. */
  identityRecord: { identity(): Promise<unknown> };
}

/**
 * Readiness, `GET /api/health/ready` (and `/api/health`, its older name): the database is reachable and
 * whole, so the instance may take traffic. Liveness, `GET /api/health/live`: the process answers; a
 * damaged or unreachable database does not make it restart (an orchestrator restarts on liveness only).
 */
export async function healthRoutes(app: AppInstance, { driver, integrity, identityRecord }: HealthRoutesDeps) {
  app.get(
    '/api/health/live',
    {
      schema: {
        tags: ['service'],
        summary: 'Liveness: the process answers (the database is not asked; readiness is /api/health/ready)',
        response: { 200: LiveResponse, ...failures() },
      },
    },
    async () => ({ success: true as const, status: 'alive' as const }),
  );

  const readiness = {
    schema: {
      tags: ['service'],
      summary: 'Readiness: the database is reachable, migrated and whole (503 with the problems and what to do when damaged)',
      response: { 200: HealthResponse, ...failures(), 503: UnhealthyResponse },
    },
  };
  for (const url of ['/api/health', '/api/health/ready']) app.get(url, readiness, ready);

  async function ready(_request: unknown, reply: FastifyReply) {
    // The database must answer now (one row by its key, on every call); the full integrity checks cost
    // more and are reused while fresh.
    await identityRecord.identity();
    const report = await integrity.check();
    if (!report.healthy) {
      return reply.code(503).send({ success: false as const, status: 'unhealthy', database: driver, message: report.problems.join(' '), problems: report.problems });
    }
    return { success: true as const, status: 'ok', database: driver };
  }
}
