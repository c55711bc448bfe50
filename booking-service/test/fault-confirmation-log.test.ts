import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstBookableSlot } from './support/bookable.ts';
import { freshPostgresDatabaseUrl } from './support/databases.ts';
import { submitCard } from './support/payments.ts';
import { builtService, builtServiceEnv, freePort, startProcess, stop, type BuiltServiceSettings } from './support/processes.ts';
import { startTestSigner, type TestSigner } from './support/signer.ts';
import type { TestApp } from './support/test-app.ts';
import { laneLeftOut } from './support/lane-selection.ts';

/**
 * Issue 55 (2): a restore is found by what it lost, not by totals. The high-water mark compared totals, so one
 * booking paid after a restore hid one lost; and it was written every 30 s and at a graceful stop only, so a
 * crash right after a payment with a backup put back started normally. Each confirmed payment is now numbered in
 * the database's confirmation log (in its transaction) and journaled in DATA_DIR before the answer; an instance
 * whose newest known confirmation is missing, or another booking's, refuses to serve and names what was lost.
 */

const skipReason = !existsSync(builtService) ? 'confirmation-log fault tests skipped: the service is not built (npm test builds it first)' : null;
if (skipReason) console.warn(skipReason);

type StartOutcome = { child: ChildProcess } | { child?: undefined; refusal: string };

function startBuilt(settings: BuiltServiceSettings): Promise<StartOutcome> {
  let output = '';
  return startProcess(process.execPath, [builtService], builtServiceEnv(settings), `http://127.0.0.1:${settings.port}/api/health`, {
    pipeOutput: true,
    timeoutMs: 120_000,
    onSpawn: (spawned) => {
      spawned.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      spawned.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    },
  }).then(
    (child) => ({ child }),
    async (error: Error) => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return { refusal: `${output}\n${error.message}` };
    },
  );
}

async function refusalLine(outcome: StartOutcome): Promise<string> {
  if (outcome.child) {
    await stop(outcome.child);
    throw new Error('the service started on a database that lost confirmed payments: it should have refused');
  }
  const line = outcome.refusal.split('\n').find((l) => l.startsWith('Not starting: '));
  expect(line, outcome.refusal).toBeDefined();
  return line!;
}

/** A built instance's moviegoer and support calls. */
function client(port: number, signer: TestSigner) {
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    async bookableShow(): Promise<string> {
      const all = (await (await fetch(`${base}/api/show/all`)).json()) as { shows: { _id: string }[] };
      const detail = (await (await fetch(`${base}/api/show/${all.shows[0]!._id}`)).json()) as { dateTime: Record<string, { showId: string; time: string }[]> };
      return firstBookableSlot(detail.dateTime).showId;
    },
    /** Holds and pays (the local checkout's card form); the ticket code read back unless `noRead` (a crash follows). */
    async buyAndPay(email: string, showId: string, seats: string[], noRead = false, refusedWith?: { status: number }) {
      const token = await signer.token({ email, sub: `confirmations|${email}` });
      const held = await fetch(`${base}/api/booking/create`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ showId, selectedSeats: seats }),
      });
      const body = (await held.json()) as { bookingId: string; url: string };
      if (refusedWith && held.status !== 200) {
        refusedWith.status = held.status;
        return { bookingId: '', ticketCode: '' };
      }
      expect(held.status, JSON.stringify(body)).toBe(200);
      const paid = await submitCard({ baseUrl: base } as TestApp, body.url);
      // The instance may find the restore between the hold and the payment (its watch reads the log every second;
      // a busy machine widens the gap): the payment is then refused as every write is.
      if (refusedWith && paid.status === 503) {
        refusedWith.status = paid.status;
        return { bookingId: body.bookingId, ticketCode: '' };
      }
      expect(paid.status).toBe(303);
      if (noRead) return { bookingId: body.bookingId, ticketCode: '' };
      const own = (await (await fetch(`${base}/api/user/bookings`, { headers: { authorization: `Bearer ${token}` } })).json()) as { bookings: { _id: string; ticketCode: string }[] };
      return { bookingId: body.bookingId, ticketCode: own.bookings.find((b) => b._id === body.bookingId)!.ticketCode };
    },
    health: async () => (await fetch(`${base}/api/health`)).status,
    async integrity() {
      const token = await signer.token({ email: 'support@example.com', sub: 'confirmations|support', roles: ['support'] });
      return (await (await fetch(`${base}/api/debug/integrity`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
        healthy: boolean;
        problems: string[];
        lostConfirmations: { ticketCode: string; bookingId: string; seats?: string[] }[];
      };
    },
  };
}

async function within(ms: number, check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return Date.now();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`not within ${ms} ms: ${what}`);
}

describe.skipIf(skipReason !== null || !process.env.TEST_POSTGRES_URL)('a pg_restore under two running instances, one booking paid after it (PostgreSQL)', () => {
  let signer: TestSigner;
  let database: { url: string; drop(): Promise<void> };
  const dirs: string[] = [];
  const running: ChildProcess[] = [];
  const dump = path.join(mkdtempSync(path.join(tmpdir(), 'confirmations-dump-')), 'store.dump');

  beforeAll(async () => {
    signer = await startTestSigner();
    database = await freshPostgresDatabaseUrl(process.env.TEST_POSTGRES_URL!);
  }, 60_000);
  afterAll(async () => {
    for (const child of running) await stop(child);
    await signer?.close();
    await database?.drop();
    for (const dir of [...dirs, path.dirname(dump)]) rmSync(dir, { recursive: true, force: true });
  });

  it('both instances refuse within seconds naming the lost ticket, and a restarted one refuses to start', async () => {
    const settings = (port: number, dataDir: string): BuiltServiceSettings => ({ port, dataDir, databaseUrl: database.url, jwksUrl: signer.jwksUrl, logLevel: 'warn' });
    const instance = async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'confirmations-'));
      dirs.push(dataDir);
      const port = await freePort();
      const outcome = await startBuilt(settings(port, dataDir));
      if (!outcome.child) throw new Error(outcome.refusal);
      running.push(outcome.child);
      return { child: outcome.child, dataDir, port, api: client(port, signer) };
    };
    const a = await instance();
    const b = await instance();
    const showId = await a.api.bookableShow();

    execFileSync('pg_dump', ['--format=custom', `--file=${dump}`, database.url]);
    const x = await a.api.buyAndPay('x@example.com', showId, ['E5']);
    // B sees X's confirmation in the log (it polls every second).
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    execFileSync('pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${database.url}`, dump]);
    // Within a second one ordinary booking is paid on the other instance: the totals are as before the restore.
    // (B may have stopped already: its watch reads the log every second and misses the entry it saw.)
    const restoredAt = Date.now();
    const refused = { status: 200 };
    const y = await b.api.buyAndPay('y@example.com', showId, ['E5'], true, refused);
    console.log(refused.status === 200 ? `Y (${y.bookingId}) paid on B after the restore` : `Y refused ${refused.status} by B: it had found the restore already`);
    expect([200, 503]).toContain(refused.status);

    const refusedA = await within(5_000, async () => (await a.api.health()) === 503, 'instance A not ready');
    const refusedB = await within(5_000, async () => (await b.api.health()) === 503, 'instance B not ready');
    console.log(`refused ${refusedA - restoredAt} ms (A) and ${refusedB - restoredAt} ms (B) after the restore (Y's payment included)`);
    for (const { api } of [a, b]) {
      // A check that ran while pg_restore had the tables emptied found the identity record missing (true at that
      // moment); the confirmation watch runs the check again within a second once the restore is in.
      await within(5_000, async () => (await api.integrity()).problems.join(' ').includes('The database went back in time'), 'the report naming the restore');
      const report = await api.integrity();
      expect(report.healthy).toBe(false);
      expect(report.problems.join(' ')).toContain(`The database went back in time`);
      expect(report.problems.join(' ')).toContain(x.ticketCode);
      expect(report.lostConfirmations).toEqual([expect.objectContaining({ ticketCode: x.ticketCode, bookingId: x.bookingId, seats: ['E5'] })]);
    }
    // Writes are refused while it stands.
    const held = await fetch(`${a.api.base}/api/booking/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await signer.token({ email: 'z@example.com', sub: 'confirmations|z' })}`, 'content-type': 'application/json' },
      body: JSON.stringify({ showId, selectedSeats: ['J9'] }),
    });
    expect(held.status).toBe(503);

    // Restarted, each refuses to start, naming the ticket.
    for (const { child, dataDir, port } of [a, b]) {
      await stop(child);
      running.splice(running.indexOf(child), 1);
      const refusal = await refusalLine(await startBuilt(settings(port, dataDir)));
      expect(refusal).toContain('went back in time');
      expect(refusal).toContain(`${x.ticketCode} (${x.bookingId}, seats E5)`);
      expect(refusal).toMatch(/echo \S+ > .*adopt-restore-point/);
    }
  }, 600_000);
});

describe.skipIf(skipReason !== null || laneLeftOut('pglite') !== null)('a crash right after a payment, then a backup put back (PGlite)', () => {
  let signer: TestSigner;
  let dataDir: string;
  let backupDir: string;
  const running: ChildProcess[] = [];

  beforeAll(async () => {
    signer = await startTestSigner();
    dataDir = mkdtempSync(path.join(tmpdir(), 'confirmations-crash-'));
    backupDir = mkdtempSync(path.join(tmpdir(), 'confirmations-backup-'));
  });
  afterAll(async () => {
    for (const child of running) await stop(child);
    await signer?.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(backupDir, { recursive: true, force: true });
  });

  it('is refused at start, naming the ticket paid a moment before the crash', async () => {
    const port = await freePort();
    const settings: BuiltServiceSettings = { port, dataDir, databaseUrl: '', jwksUrl: signer.jwksUrl, logLevel: 'warn' };
    const first = await startBuilt(settings);
    if (!first.child) throw new Error(first.refusal);
    await stop(first.child);
    cpSync(path.join(dataDir, 'pglite'), path.join(backupDir, 'pglite'), { recursive: true });

    const second = await startBuilt(settings);
    if (!second.child) throw new Error(second.refusal);
    running.push(second.child);
    const api = client(port, signer);
    const d2 = await api.buyAndPay('d2@example.com', await api.bookableShow(), ['D2'], true);
    second.child.kill('SIGKILL');
    await new Promise((resolve) => second.child.once('exit', resolve));
    running.pop();

    rmSync(path.join(dataDir, 'pglite'), { recursive: true, force: true });
    cpSync(path.join(backupDir, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
    const refusal = await refusalLine(await startBuilt(settings));
    expect(refusal).toContain('went back in time');
    expect(refusal).toMatch(new RegExp(`[A-Z0-9]{6,} \\(${d2.bookingId}, seats D2\\)`));
  }, 600_000);
});
