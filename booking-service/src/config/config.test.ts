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
      auth: { issuer: 'http://localhost:4400/', audience: 'https://movie-app/api', jwksUrl: undefined },
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

  it('refuses nonsense with a message naming the setting', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT must be a whole number/);
    expect(() => loadConfig({ THEATRE_TIMEZONE: 'Mars/Olympus' })).toThrow(/THEATRE_TIMEZONE/);
    expect(() => loadConfig({ HOLD_MINUTES: '0' })).toThrow(/HOLD_MINUTES/);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
  });
});
