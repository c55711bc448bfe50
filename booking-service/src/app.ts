import Fastify, { type FastifyServerOptions } from 'fastify';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppDeps } from './app-deps.ts';
import type { Catalog } from './catalog/types.ts';
import { catalogRoutes } from './catalog/routes.ts';
import type { Config } from './config/config.ts';
import { createAuth } from './http/auth.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { HttpError } from './http/errors.ts';
import { createReadCache } from './http/read-cache.ts';
import type { TokenVerifier } from './identity/token-verifier.ts';
import type { Store } from './repositories/types.ts';
import { adminRoutes } from './routes/admin-routes.ts';
import { bookingRoutes } from './routes/booking-routes.ts';
import { checkoutRoutes } from './routes/checkout-routes.ts';
import { debugRoutes } from './routes/debug-routes.ts';
import { serviceRoutes } from './routes/service-routes.ts';
import { showRoutes } from './routes/show-routes.ts';
import { userRoutes } from './routes/user-routes.ts';

export interface BuildAppOptions {
  config: Config;
  store: Store;
  catalog: Catalog & { imageSvg?: (file: string) => string | null };
  verifyToken: TokenVerifier;
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
}

/** 16 KiB is far more than any request of the contract needs. */
const BODY_LIMIT = 16 * 1024;

export async function buildApp(options: BuildAppOptions) {
  const { config, store, catalog } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    trustProxy: process.env.TRUST_PROXY === 'true',
    ajv: {
      // Bad input is refused, never silently repaired: no coercion, no stripping of unknown fields.
      customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: false, allErrors: false },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  registerErrorHandling(app);

  registerSecurityHeaders(app, {
    // The API answers JSON; the docs page and the checkout page need inline styles and scripts of their own origin.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        scriptSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginResourcePolicy: { policy: 'cross-origin' }, // posters are loaded by the frontends' origins
  });
  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'POST', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    maxAge: 600,
  });
  await app.register(rateLimit, {
    global: config.rateLimit.perIpPerMinute > 0,
    max: config.rateLimit.perIpPerMinute || 1,
    timeWindow: '1 minute',
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many requests, please try again in ${context.after}`),
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Movie booking service', version: '0.1.0', description: 'REST contract of the movie-ticket booking platform.' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  const deps: AppDeps = {
    config,
    store,
    catalog,
    auth: createAuth(options.verifyToken, store.users),
    cache: createReadCache(),
    now: options.now ?? (() => new Date()),
  };
  await app.register(serviceRoutes, deps);
  await app.register(showRoutes, deps);
  await app.register(bookingRoutes, deps);
  await app.register(userRoutes, deps);
  await app.register(adminRoutes, deps);
  await app.register(debugRoutes, deps);
  await app.register(checkoutRoutes, deps);
  await app.register(catalogRoutes, { catalog, imageSvg: catalog.imageSvg?.bind(catalog) });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
