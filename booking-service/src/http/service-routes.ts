import { HealthResponse, PublicConfigResponse, UnhealthyResponse } from '../contract/responses.ts';
import { failures } from '../contract/failures.ts';
import type { AppDeps } from '../app-deps.ts';
import type { IntegrityMonitor } from '../integrity/integrity-check.ts';
import type { AppInstance } from './app-instance.ts';

/** Health and the public settings the frontends read at run time. */
export async function serviceRoutes(app: AppInstance, { store, catalog, config, payments, integrity }: AppDeps & { integrity: IntegrityMonitor }) {
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
      // The database must answer now (one row by its key, on every call: an unreachable database is a 503 at
      // once); the full integrity checks cost more and are reused while fresh.
      await store.integrity.identity();
      const report = await integrity.check();
      if (!report.healthy) {
        return reply.code(503).send({ success: false as const, status: 'unhealthy', database: store.driver, message: report.problems.join(' '), problems: report.problems });
      }
      return { success: true as const, status: 'ok', database: store.driver };
    },
  );

  app.get(
    '/api/config',
    {
      schema: {
        tags: ['service'],
        summary: 'Public settings for the frontends',
        response: { 200: PublicConfigResponse, ...failures() },
      },
    },
    async () => ({
      success: true as const,
      imageBaseUrl: config.imageBaseUrl,
      currency: config.currency,
      theatreTimeZone: config.theatreTimeZone,
      holdMinutes: config.holdMinutes,
      catalog: catalog.name,
      paymentProvider: payments.provider.name,
    }),
  );
}
