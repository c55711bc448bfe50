import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookableHallShows } from './support/bookable.ts';
import { lanes } from './support/databases.ts';
import { packageRoot } from './support/processes.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/** Issue 55's lows, each with the attack that showed it. */
const pglite = lanes[0]!;

describe.skipIf(pglite.skipReason !== null)('per-address limits count an IPv6 client by its /64', () => {
  let t: TestApp;
  let eventId: string;
  const JOINS = 3;
  beforeAll(async () => {
    // The test talks from 127.0.0.1, so TRUST_PROXY=127.0.0.1 believes the X-Forwarded-For each join writes.
    t = await startTestApp(pglite, { seed: true, env: { TRUST_PROXY: '127.0.0.1', WAITING_ROOM_JOINS_PER_IP_PER_MINUTE: String(JOINS) } });
    const [show] = await bookableHallShows(t.store, new Date(Date.now() + 3 * 3600_000));
    const created = await t.api('POST', '/api/admin/on-sale', {
      token: await t.tokenFor('staff@example.com', ['admin']),
      body: { name: 'Premiere', showIds: [show!.id], onSaleAt: new Date(Date.now() + 60_000).toISOString(), waitingRoom: true },
    });
    expect(created.status).toBe(200);
    eventId = created.body.event.id;
  });
  afterAll(() => t?.close());

  const join = async (address: string, who: string) =>
    (await t.api('POST', `/api/waiting-room/${eventId}/join`, { token: await t.tokenFor(`${who}@example.com`), headers: { 'x-forwarded-for': address }, body: {} })).status;

  it(`joins from addresses of one /64 stop at the limit (${JOINS}); another /64 has its own`, async () => {
    const statuses: number[] = [];
    // One subscriber's /64, a new address each time (40 of 40 passed a limit of 30 before).
    for (let i = 1; i <= JOINS + 3; i++) statuses.push(await join(`2001:db8:1:2::${i.toString(16)}`, `rotating${i}`));
    expect(statuses).toEqual([...Array(JOINS).fill(200), ...Array(3).fill(429)]);
    expect(await join('2001:db8:1:3::1', 'neighbour')).toBe(200);
  });
});

describe.skipIf(pglite.skipReason !== null)('health is never rate limited; NUL never reaches the database', () => {
  let t: TestApp;
  const LIMIT = 5;
  beforeAll(async () => {
    t = await startTestApp(pglite, { seed: true, env: { RATE_LIMIT_PER_MINUTE: String(LIMIT) } });
  });
  afterAll(() => t?.close());

  it('an address that used up its limit still gets 200 from /api/health/live, /ready and /api/health', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) statuses.push((await t.api('GET', '/api/cinemas')).status);
    expect(statuses.slice(-2)).toEqual([429, 429]);
    for (const url of ['/api/health/live', '/api/health/ready', '/api/health']) {
      for (let i = 0; i < LIMIT + 2; i++) expect((await t.api('GET', url)).status, url).toBe(200);
    }
  });
});

describe.skipIf(pglite.skipReason !== null)('text no store can hold is a 400 naming where it is', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(pglite, { seed: true });
  });
  afterAll(() => t?.close());

  it("a NUL in List Bookings' search is a 400 naming q, not a 500 (found by Schemathesis)", async () => {
    const admin = await t.tokenFor('admin@example.com', ['admin']);
    const res = await t.api('GET', '/api/admin/all-bookings?q=ab%00cd', { token: admin });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: 'q contains a NUL character' });
    expect((await t.api('GET', '/api/admin/all-bookings?q=abcd', { token: admin })).status).toBe(200);
  });

  it('a NUL in a path, and a bidi override in a query, are 400s', async () => {
    const inPath = await t.api('GET', '/api/booking/seats/ab%00cd');
    expect(inPath.status).toBe(400);
    expect(inPath.body.message).toBe('The path contains a NUL character');
    const admin = await t.tokenFor('admin@example.com', ['admin']);
    const bidi = await t.api('GET', `/api/admin/all-bookings?q=${encodeURIComponent('abc\u202Efed')}`, { token: admin });
    expect(bidi.status).toBe(400);
    expect(bidi.body.message).toBe('q contains a bidirectional control character (U+202E)');
  });
});

describe.skipIf(pglite.skipReason !== null)('one horizon for the dates of shows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(pglite, { seed: true });
  });
  afterAll(() => t?.close());

  it('a show on 9999-12-31 is refused by the schema, one in 2999 past the two-year horizon; two years ahead is accepted and found', async () => {
    const admin = await t.tokenFor('admin@example.com', ['admin']);
    const movieId = (await t.store.shows.listWithSeats({ from: new Date() }))[0]!.movie.id;
    const add = (date: string) => t.api('POST', '/api/show/add', { token: admin, body: { movieId, showsInput: [{ date, time: ['10:00'] }], showPrice: 9 } });
    // It was accepted, and no date filter could find it: the contract's calendar dates end with 2999.
    const outOfRange = await add('9999-12-31');
    expect(outOfRange.status).toBe(400);
    expect(outOfRange.body.message).toBe('showsInput[0].date must be a calendar date from 1970-01-01 to 2999-12-31 (YYYY-MM-DD)');
    const far = await add('2999-12-31');
    expect(far.status).toBe(400);
    expect(far.body.message).toBe('showsInput[0] 2999-12-31 is more than two years ahead: shows can be scheduled up to 731 days ahead');
    const date = new Date(Date.now() + 729 * 86_400_000).toISOString().slice(0, 10);
    expect((await add(date)).status).toBe(200);
    const found = await t.api('GET', `/api/admin/shows?from=${date}&to=${date}`, { token: admin });
    expect(found.body.shows.length).toBeGreaterThan(0);
  });
});

describe.skipIf(pglite.skipReason !== null)('TRUST_PROXY ranges that trust the internet', () => {
  it.each(['0.0.0.0/0', '0.0.0.0/1,128.0.0.0/1', '::/0', '8.0.0.0/8', '10.0.0.5/33'])('%s: one "Not starting:" line and no stack trace', (value) => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(packageRoot, 'src/main.ts')], {
      env: { ...process.env, TRUST_PROXY: value, PORT: '0', DATA_DIR: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines, run.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(/^Not starting: configuration error: .*TRUST_PROXY must (name only the proxies' own addresses or ranges|be false)/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
