import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { urls } from './test-stack';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** An access token from the test stack's identity provider, minted by the same command as `npm run token`. */
export function tokenFor(email: string, role?: 'admin' | 'support'): string {
  const dataDir = process.env.TEST_STACK_DATA_DIR;
  if (!dataDir) throw new Error('TEST_STACK_DATA_DIR is not set: the global setup starts the stack');
  const args = ['dist/identity/token-cli.js', email, ...(role ? ['--role', role] : [])];
  return execFileSync(process.execPath, args, {
    cwd: path.join(root, 'booking-service'),
    env: { ...process.env, DATA_DIR: dataDir, AUTH_ISSUER: `${urls.identity}/`, IDENTITY_PORT: new URL(urls.identity).port },
    encoding: 'utf8',
  }).trim();
}

/** A call to the test stack's booking service. */
export async function api<T = any>(method: string, pathname: string, token?: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${urls.service}${pathname}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** Books seats of the first upcoming show that has them free; returns the booking id and url. */
export async function bookFreeSeats(token: string, count = 2): Promise<{ bookingId: string; url: string; showId: string; seats: string[] }> {
  const all = await api<{ shows: { _id: string }[] }>('GET', '/api/show/all');
  for (const movie of all.body.shows) {
    const detail = await api<{ dateTime: Record<string, { showId: string }[]> }>('GET', `/api/show/${movie._id}`);
    for (const slots of Object.values(detail.body.dateTime)) {
      for (const { showId } of slots) {
        const taken = (await api<{ occupiedSeats: string[] }>('GET', `/api/booking/seats/${showId}`)).body.occupiedSeats;
        const free = ['J1', 'J2', 'J3', 'J4', 'J5', 'J6', 'J7', 'J8', 'J9'].filter((s) => !taken.includes(s)).slice(0, count);
        if (free.length < count) continue;
        const created = await api<{ bookingId: string; url: string }>('POST', '/api/booking/create', token, { showId, selectedSeats: free });
        if (created.status === 200) return { ...created.body, showId, seats: free };
      }
    }
  }
  throw new Error('no show with free seats');
}
