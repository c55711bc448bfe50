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
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/needs a real identity provider/);
  });
});
