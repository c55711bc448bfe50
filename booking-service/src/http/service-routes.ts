import { HealthResponse, PublicConfigResponse } from '../contract/responses.ts';
import { failures } from '../contract/failures.ts';
import type { AppDeps } from '../app-deps.ts';
import type { AppInstance } from './app-instance.ts';

/** Health and the public settings the frontends read at run time. */
export async function serviceRoutes(app: AppInstance, { store, catalog, config, payments }: AppDeps) {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['service'],
        summary: 'Liveness and database reachability',
        response: { 200: HealthResponse, ...failures() },
      },
    },
    async () => {
      await store.movies.count();
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
