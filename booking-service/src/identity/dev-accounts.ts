/**
 * Development accounts, seeded into the local identity provider (which signs
 * them in with DEV_PASSWORD); the service's seed gives the moviegoer some past
 * bookings. Never used in production.
 */
export type Role = 'admin' | 'support';

export interface DevAccount { sub: string; email: string; name: string; roles: Role[] }

export const DEV_ACCOUNTS: readonly DevAccount[] = [
  { sub: 'local|user', email: 'user@example.com', name: 'Maya Moviegoer', roles: [] },
  { sub: 'local|admin', email: 'admin@example.com', name: 'Theo Theatre', roles: ['admin'] },
  { sub: 'local|support', email: 'support@example.com', name: 'Sam Support', roles: ['support'] },
];

/** The one password of the seeded development accounts (the README's table is written from here: scripts/config-reference.mjs). */
export const DEV_PASSWORD = 'movies-dev-password';
