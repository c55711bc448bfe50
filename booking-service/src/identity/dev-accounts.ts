/**
 * Development accounts, seeded into the local identity provider (which signs
 * them in with DEV_PASSWORD); the service's seed gives the moviegoer some past
 * bookings. Never used in production.
 */
/**
 * The staff roles a token may carry: `admin` (theatre staff), `support` (support staff) and `door`
 * (door staff: checking tickets in, nothing else).
 */
export const ROLES = ['admin', 'support', 'door'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: string | undefined): value is Role {
  return (ROLES as readonly (string | undefined)[]).includes(value);
}

export interface DevAccount { sub: string; email: string; name: string; roles: Role[] }

export const DEV_ACCOUNTS: readonly DevAccount[] = [
  { sub: 'local|user', email: 'user@example.com', name: 'Maya Moviegoer', roles: [] },
  { sub: 'local|admin', email: 'admin@example.com', name: 'Theo Theatre', roles: ['admin'] },
  { sub: 'local|support', email: 'support@example.com', name: 'Sam Support', roles: ['support'] },
  { sub: 'local|door', email: 'door@example.com', name: 'Dana Door', roles: ['door'] },
];

/** The one password of the seeded development accounts (the README's table is written from here: scripts/config-reference.mjs). */
export const DEV_PASSWORD = 'movies-dev-password';
