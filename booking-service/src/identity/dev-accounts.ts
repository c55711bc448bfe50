/**
 * Development accounts. The local identity provider signs these in; the seed
 * gives the moviegoer some past bookings. Never used in production.
 */
export type Role = 'admin' | 'support';

export interface DevAccount { sub: string; email: string; name: string; roles: Role[] }

export const DEV_ACCOUNTS: readonly DevAccount[] = [
  { sub: 'local|user', email: 'user@example.com', name: 'Maya Moviegoer', roles: [] },
  { sub: 'local|admin', email: 'admin@example.com', name: 'Theo Theatre', roles: ['admin'] },
  { sub: 'local|support', email: 'support@example.com', name: 'Sam Support', roles: ['support'] },
];

/** The account for an email, or a new moviegoer identity derived from it. */
export function devAccountFor(email: string): DevAccount {
  const normalized = email.trim().toLowerCase();
  const known = DEV_ACCOUNTS.find((account) => account.email === normalized);
  if (known) return known;
  const local = normalized.split('@')[0] ?? normalized;
  return { sub: `local|${normalized}`, email: normalized, name: local.charAt(0).toUpperCase() + local.slice(1), roles: [] };
}
