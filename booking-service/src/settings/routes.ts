import type { Config } from '../config/config.ts';
import { PublicConfigResponse } from '../contract/responses.ts';
import { failures } from '../contract/failures.ts';
import type { AppInstance } from '../http/app-instance.ts';

export interface SettingsRoutesDeps {
  config: Pick<Config, 'imageBaseUrl' | 'currency' | 'theatreTimeZone' | 'holdMinutes' | 'salesCloseMinutes' | 'cancellationCutoffMinutes' | 'holds'>;
  /** The catalogue's name (`builtin` or `tmdb`). */
  catalogName: string;
  /** The payment provider's name (`local` or `stripe`). */
  paymentProviderName: string;
}

/** `GET /api/config`: the public settings the frontends read at run time. */
export async function settingsRoutes(app: AppInstance, { config, catalogName, paymentProviderName }: SettingsRoutesDeps) {
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
      salesCloseMinutes: config.salesCloseMinutes,
      reholdCooldownMinutes: config.holds.reholdCooldownMinutes,
      cancellationCutoffMinutes: config.cancellationCutoffMinutes,
      catalog: catalogName,
      paymentProvider: paymentProviderName,
    }),
  );
}
