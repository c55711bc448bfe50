import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('runs on embedded defaults with no environment at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 4000,
      databaseUrl: undefined,
      theatreTimeZone: 'UTC',
      currency: 'USD',
      holdMinutes: 10,
      imageBaseUrl: 'http://localhost:4000/api/images',
      corsOrigins: ['http://localhost:3000', 'http://localhost:3001', 'http://localhost:3002', 'http://localhost:3003'],
      auth: { issuer: 'http://localhost:4400/', audience: 'https://movie-app/api', jwksUrl: 'http://localhost:4400/.well-known/jwks.json' },
    });
  });

  it('switches to Auth0, PostgreSQL and TMDB by configuration', () => {
    const config = loadConfig({
      AUTH0_DOMAIN: 'cinema.eu.auth0.com',
      AUTH0_AUDIENCE: 'https://api.cinema.example',
      DATABASE_URL: 'postgres://db/cinema',
      TMDB_API_KEY: 'k',
    });
    expect(config.auth).toMatchObject({
      issuer: 'https://cinema.eu.auth0.com/',
      audience: 'https://api.cinema.example',
      jwksUrl: 'https://cinema.eu.auth0.com/.well-known/jwks.json',
    });
    expect(config.databaseUrl).toBe('postgres://db/cinema');
    expect(config.imageBaseUrl).toBe('https://image.tmdb.org/t/p/original');
  });

  it('takes DATABASE_SESSION_URL for the session work (PgBouncer in front of DATABASE_URL), else DATABASE_URL; never alone', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/cinema' }).databaseSessionUrl).toBe('postgres://db/cinema');
    const split = loadConfig({ DATABASE_URL: 'postgres://pgbouncer:6432/cinema', DATABASE_SESSION_URL: 'postgres://db:5432/cinema' });
    expect(split).toMatchObject({ databaseUrl: 'postgres://pgbouncer:6432/cinema', databaseSessionUrl: 'postgres://db:5432/cinema' });
    expect(loadConfig({}).databaseSessionUrl).toBeUndefined();
    expect(() => loadConfig({ DATABASE_SESSION_URL: 'postgres://db/cinema' })).toThrow(/DATABASE_SESSION_URL is set without DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/cinema', DATABASE_SESSION_URL: 'mysql://db/cinema' })).toThrow(/^DATABASE_SESSION_URL must be a PostgreSQL connection URL/);
  });

  it('selects MongoDB with MONGODB_URI, and refuses it together with DATABASE_URL', () => {
    expect(loadConfig({}).mongodbUri).toBeUndefined();
    const uri = 'mongodb+srv://cinema:secret@cluster0.example.mongodb.net/cinema?retryWrites=true&w=majority';
    expect(loadConfig({ MONGODB_URI: uri })).toMatchObject({ mongodbUri: uri, databaseUrl: undefined });
    expect(loadConfig({ MONGODB_URI: 'mongodb://127.0.0.1:27017/cinema' }).mongodbUri).toBe('mongodb://127.0.0.1:27017/cinema');
    expect(() => loadConfig({ MONGODB_URI: uri, DATABASE_URL: 'postgres://db/cinema' })).toThrow(ConfigError);
    expect(() => loadConfig({ MONGODB_URI: uri, DATABASE_URL: 'postgres://db/cinema' })).toThrow(/DATABASE_URL .* and MONGODB_URI .* are both set/);
    expect(() => loadConfig({ MONGODB_URI: 'postgres://db/cinema' })).toThrow(/MONGODB_URI must be a MongoDB connection string/);
    // The message never repeats the connection string (it may hold a password).
    expect(() => loadConfig({ MONGODB_URI: 'http://user:secret@host' })).not.toThrow(/secret/);
  });

  it('refuses nonsense with a message naming the setting', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT must be a whole number/);
    expect(() => loadConfig({ THEATRE_TIMEZONE: 'Mars/Olympus' })).toThrow(/THEATRE_TIMEZONE/);
    expect(() => loadConfig({ HOLD_MINUTES: '0' })).toThrow(/HOLD_MINUTES/);
    expect(() => loadConfig({ SALES_CLOSE_MINUTES: 'soon' })).toThrow(/SALES_CLOSE_MINUTES must be a whole number/);
    expect(loadConfig({}).salesCloseMinutes).toBe(15);
    expect(loadConfig({ SALES_CLOSE_MINUTES: '0' }).salesCloseMinutes).toBe(0);
    expect(loadConfig({}).cancellationCutoffMinutes).toBe(120);
    expect(loadConfig({ CANCELLATION_CUTOFF_MINUTES: '0' }).cancellationCutoffMinutes).toBe(0);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/needs a real identity provider/);
  });

  it('runs payments on the local checkout and email on the outbox by default', () => {
    const config = loadConfig({});
    expect(config.payments).toMatchObject({
      provider: 'local',
      stripe: { secretKey: undefined, apiBase: undefined, timeoutMs: 10_000 },
      webhookSecret: undefined,
      webhookToleranceSeconds: 300,
      sweepIntervalSeconds: 15,
      reconcileIntervalSeconds: 30,
    });
    expect(config.email).toMatchObject({ smtpUrl: undefined, from: 'Movie Tickets <tickets@localhost>' });
  });

  it('switches to Stripe and SMTP by configuration', () => {
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_live_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
      CURRENCY: 'eur',
      HOLD_MINUTES: '15',
      SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
      EMAIL_FROM: 'Cinema <tickets@cinema.example>',
    });
    expect(config.payments).toMatchObject({
      provider: 'stripe',
      stripe: { secretKey: 'sk_live_abc123', apiBase: { protocol: 'http', host: '127.0.0.1', port: 12111 } },
      webhookSecret: 'whsec_0123456789abcdef',
    });
    expect(config.currency).toBe('EUR');
    expect(config.holdMinutes).toBe(15);
    expect(config.email).toMatchObject({ smtpUrl: 'smtps://mailer:secret@smtp.example.com:465', from: 'Cinema <tickets@cinema.example>' });
  });

  it('refuses incomplete or wrong payment and email settings, without repeating secrets', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/without STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_0123456789' })).toThrow(/STRIPE_SECRET_KEY must be/);
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'nope' })).toThrow(/STRIPE_WEBHOOK_SECRET must be/);
    expect(() => loadConfig({ CURRENCY: 'dollars' })).toThrow(/CURRENCY must be an ISO 4217 code/);
    expect(() => loadConfig({ SMTP_URL: 'http://user:hunter2@mail' })).toThrow(/SMTP_URL must be/);
    expect(() => loadConfig({ SMTP_URL: 'http://user:hunter2@mail' })).not.toThrow(/hunter2/);
    expect(() => loadConfig({ STRIPE_API_BASE: 'ftp://x' })).toThrow(/STRIPE_API_BASE/);
    // Production never takes test cards.
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH0_DOMAIN: 'cinema.eu.auth0.com' })).toThrow(/needs a real payment provider/);
    expect(
      loadConfig({ NODE_ENV: 'production', AUTH0_DOMAIN: 'cinema.eu.auth0.com', STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_0123456789' }).payments.provider,
    ).toBe('stripe');
  });

  it('never takes sample data in production, and sets up an empty database there only when told to', () => {
    const production = { NODE_ENV: 'production', AUTH0_DOMAIN: 'cinema.eu.auth0.com', STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_0123456789' };
    expect(loadConfig({})).toMatchObject({ seed: true, storeIdentity: { initialiseEmpty: true, adopt: undefined } });
    expect(loadConfig(production)).toMatchObject({ seed: false, storeIdentity: { initialiseEmpty: false } });
    expect(loadConfig({ ...production, INIT_EMPTY_DATABASE: 'true' }).storeIdentity.initialiseEmpty).toBe(true);
    expect(() => loadConfig({ ...production, SEED: 'true' })).toThrow(/SEED=true is for development only/);
    const adopt = '0b6c1f0e-6f1a-4b53-9d8e-2f0c8a1e7d42';
    expect(loadConfig({ ADOPT_STORE: adopt }).storeIdentity.adopt).toBe(adopt);
    expect(() => loadConfig({ ADOPT_STORE: 'yes' })).toThrow(/ADOPT_STORE must be the identity the refusal to start named/);
  });

  it('reads which proxies to trust for client addresses, and the live stream caps', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toBe('127.0.0.1');
    // A hop count: the address the nearest proxy saw, whatever the client wrote before it.
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    // "Any proxy" believes what the client writes (issue 38): refused, saying what to set instead.
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY must not be true: that believes any X-Forwarded-For a client writes.*TRUST_PROXY=1/);
    for (const bad of ['yes please', '0', '12', ',']) expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY must be/);
    // Ranges that hold a public /8 or more trust the internet as `true` did (issue 55); 0.0.0.0/0 crashed with a TypeError.
    for (const wide of ['0.0.0.0/0', '0.0.0.0/1,128.0.0.0/1', '::/0']) {
      expect(() => loadConfig({ TRUST_PROXY: wide }), wide).toThrow(/TRUST_PROXY must name only the proxies' own addresses or ranges: "[^"]+" covers public addresses/);
    }
    expect(loadConfig({}).rateLimit.ipv6Prefix).toBe(64);
    expect(loadConfig({ RATE_LIMIT_IPV6_PREFIX: '56' }).rateLimit.ipv6Prefix).toBe(56);
    expect(() => loadConfig({ RATE_LIMIT_IPV6_PREFIX: '8' })).toThrow(/RATE_LIMIT_IPV6_PREFIX must be a whole number from 32 to 128/);
    expect(loadConfig({}).onSale).toEqual({ maxDaysAhead: 366 });
    expect(loadConfig({ ON_SALE_MAX_DAYS_AHEAD: '30' }).onSale).toEqual({ maxDaysAhead: 30 });
    expect(() => loadConfig({ ON_SALE_MAX_DAYS_AHEAD: '0' })).toThrow(/ON_SALE_MAX_DAYS_AHEAD must be a whole number/);
    expect(loadConfig({}).seatStreams).toEqual({ perAddress: 50, perUser: 10, perShow: 2000, total: 5000, maxLifetimeSeconds: 600 });
    expect(() => loadConfig({ SEAT_STREAMS_TOTAL: '0' })).toThrow(/SEAT_STREAMS_TOTAL must be a whole number/);
  });

  it('reads the operating settings: load shedding, shutdown, a metrics port apart from the API, a shared Redis, tracing', () => {
    expect(loadConfig({})).toMatchObject({
      loadShedding: { maxEventLoopDelayMs: 1000, maxHeapUsedMb: 0, maxRssMb: 0, retryAfterSeconds: 10 },
      shutdownTimeoutSeconds: 10,
      metrics: undefined,
      redisUrl: undefined,
    });
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(() => loadConfig({ PORT: '9464', METRICS_PORT: '9464' })).toThrow(/METRICS_PORT is the API port/);
    expect(() => loadConfig({ METRICS_PORT: '4000' })).toThrow(/METRICS_PORT is the API port/);
    expect(loadConfig({ REDIS_URL: 'redis://10.0.0.5:6379' }).redisUrl).toBe('redis://10.0.0.5:6379');
    expect(() => loadConfig({ REDIS_URL: 'http://secret@10.0.0.5' })).toThrow(/REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/);
    expect(() => loadConfig({ REDIS_URL: 'http://secret@10.0.0.5' })).not.toThrow(/secret/);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '0' })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS must be a whole number from 1 to 600/);
    expect(() => loadConfig({ LOAD_SHED_EVENT_LOOP_DELAY_MS: 'fast' })).toThrow(/LOAD_SHED_EVENT_LOOP_DELAY_MS must be a whole number/);
    expect(loadConfig({}).tracing).toBeUndefined();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).tracing).toEqual({ endpoint: 'http://collector:4318', serviceName: 'booking-service' });
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SERVICE_NAME: 'booking-eu' }).tracing?.serviceName).toBe('booking-eu');
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT must be an absolute URL/);
  });
});

describe('configuration errors', () => {
  it('lists every wrong setting at once, each naming its variable and what is allowed', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', HOLD_MINUTES: '0', SEED: 'yes', CORS_ORIGINS: 'http://localhost:3000/app', STRIPE_SECRET_KEY: 'sk_test_abc' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'PORT must be a whole number from 0 to 65535, got "eighty"',
      'CORS_ORIGINS must list origins (scheme, host and port only) such as http://localhost:3000, comma-separated, got "http://localhost:3000/app"',
      'HOLD_MINUTES must be a whole number from 1 to 1440, got "0"',
      'SEED must be true or false, got "yes"',
      'STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET: add the webhook endpoint in Stripe and set its signing secret',
    ]);
    expect((error as ConfigError).message).toMatch(/^5 settings are wrong:\n {2}- PORT must be/);
  });

  it('takes a blank variable as unset, and ignores variables it does not know', () => {
    expect(loadConfig({ PORT: '', PUBLIC_URL: '', STRIPE_SECRET_KEY: '', SEED: '', SOMETHING_ELSE: 'x' })).toMatchObject({
      port: 4000,
      publicUrl: 'http://localhost:4000',
      payments: { provider: 'local' },
      seed: true,
    });
  });

  it('checks the remaining settings too', () => {
    expect(loadConfig({ SEED: 'false', LOG_LEVEL: 'warn' })).toMatchObject({ seed: false, logLevel: 'warn' });
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"');
    expect(loadConfig({ CORS_ORIGINS: 'https://cinema.example/, http://localhost:3000' }).corsOrigins).toEqual([
      'https://cinema.example',
      'http://localhost:3000',
    ]);
    expect(() => loadConfig({ AUTH_ISSUER: 'issuer' })).toThrow('AUTH_ISSUER must be an absolute URL, got "issuer"');
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root:hunter2@db/cinema' })).toThrow(/^DATABASE_URL must be a PostgreSQL connection URL/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root:hunter2@db/cinema' })).not.toThrow(/hunter2/);
    expect(loadConfig({ AUTH0_DOMAIN: 'https://cinema.eu.auth0.com/' }).auth.issuer).toBe('https://cinema.eu.auth0.com/');
    expect(() => loadConfig({ AUTH0_DOMAIN: 'cinema.eu.auth0.com/api' })).toThrow(/AUTH0_DOMAIN must be the Auth0 tenant's domain/);
    expect(loadConfig({ HOLD_MINUTES: '15' }).holds.reholdCooldownMinutes).toBe(15);
    expect(loadConfig({ HOLD_MINUTES: '15', REHOLD_COOLDOWN_MINUTES: '0' }).holds.reholdCooldownMinutes).toBe(0);
  });
});
