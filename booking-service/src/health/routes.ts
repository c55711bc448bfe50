import { HealthResponse, LiveResponse, UnhealthyResponse } from '../contract/responses.ts';
import { failures } from '../contract/failures.ts';
import type { FastifyReply } from 'fastify';
import type { AppInstance } from '../http/app-instance.ts';
import type { IntegrityMonitor } from '../integrity/integrity-check.ts';

/**
 * An orchestrator and a load balancer probe from one address (often behind the same proxy as every client): a
 * 429 there would read as "down" and take a healthy instance out of service because a client used up the limit.
 */
const NEVER_RATE_LIMITED = { rateLimit: false } as const;

const UNHEALTHY = 'The service is not ready: its database needs attention. Staff: see the service log or GET /api/debug/integrity.';

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
      config: NEVER_RATE_LIMITED,
      schema: {
        tags: ['service'],
        summary: 'Liveness: the process answers (the database is not asked; readiness is /api/health/ready)',
        response: { 200: LiveResponse, ...failures() },
      },
    },
    async () => ({ success: true as const, status: 'alive' as const }),
  );

  const readiness = {
    config: NEVER_RATE_LIMITED,
    schema: {
      tags: ['service'],
      summary: 'Readiness: the database is reachable, migrated and whole (503 when not; the details are for support: GET /api/debug/integrity)',
      response: { 200: HealthResponse, ...failures(), 503: UnhealthyResponse },
    },
  };
  for (const url of ['/api/health', '/api/health/ready']) app.get(url, readiness, ready);

  let logged: unknown = null;
  async function ready(_request: unknown, reply: FastifyReply) {
    // The database must answer now (one row by its key, on every call); the full integrity checks cost
    // more and are reused while fresh.
    await identityRecord.identity();
    const report = await integrity.check();
    if (!report.healthy) {
      // Anyone may ask: up or down only. The problems go to the log (once a report) and to support staff
      // (GET /api/debug/integrity), never to the public: they name tables, counts and files.
      if (logged !== report) app.log.error({ problems: report.problems }, `the database is unhealthy: ${report.problems.join(' ')}`);
      logged = report;
      return reply.code(503).send({ success: false as const, status: 'unhealthy', database: driver, message: UNHEALTHY });
    }
    return { success: true as const, status: 'ok', database: driver };
  }
}
