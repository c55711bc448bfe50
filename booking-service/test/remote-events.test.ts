import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes } from './support/databases.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/** The shell's beacon (POST /api/remote-events) and the counts the deploy command's canary watch reads. */
const lane = lanes[0]!;
const REMOTE_EVENTS_PER_MINUTE = 30;
describe.skipIf(lane.skipReason !== null)(`remote load reports, on ${lane.name}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(lane, { env: { REMOTE_EVENTS_RATE_LIMIT_PER_MINUTE: String(REMOTE_EVENTS_PER_MINUTE) } });
  });
  afterAll(() => t?.close());

  /** As navigator.sendBeacon sends a string: text/plain. */
  const beacon = (report: unknown) => t.api('POST', '/api/remote-events', { rawBody: JSON.stringify(report), headers: { 'content-type': 'text/plain;charset=UTF-8' } });

  it('counts loads and failures per remote version, from beacons and JSON posts alike', async () => {
    for (const event of ['loaded', 'loaded', 'load-failed', 'render-failed']) {
      const answer = await beacon({ remote: 'customer', version: '0.2.0-1a2b3c4d', event });
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual({ success: true });
    }
    expect((await t.api('POST', '/api/remote-events', { body: { remote: 'admin', version: 'unknown', event: 'loaded' } })).status).toBe(202);

    const counts = await t.api('GET', '/api/remote-events');
    expect(counts.status).toBe(200);
    expect(counts.body).toEqual({
      success: true,
      versions: [
        { remote: 'customer', version: '0.2.0-1a2b3c4d', loads: 3, failures: 2 },
        { remote: 'admin', version: 'unknown', loads: 1, failures: 0 },
      ],
    });
  });

  it('refuses anything but a known remote, a release id and a known event: nothing personal fits', async () => {
    const refused = [
      { remote: 'customer', version: '0.2.0', event: 'loaded', email: 'someone@example.com' },
      { remote: 'customer', version: 'someone@example.com', event: 'loaded' },
      { remote: 'checkout', version: '0.2.0', event: 'loaded' },
      { remote: 'customer', version: '0.2.0', event: 'clicked' },
    ];
    for (const report of refused) {
      const answer = await beacon(report);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ success: false, message: expect.any(String) });
    }
    const notJson = await t.api('POST', '/api/remote-events', { rawBody: 'loaded', headers: { 'content-type': 'text/plain' } });
    expect(notJson.status).toBe(400);
    expect(notJson.body).toEqual({ success: false, message: 'The report must be JSON' });
    const versions = ((await t.api('GET', '/api/remote-events')).body as { versions: { version: string }[] }).versions.map(({ version }) => version);
    expect(versions).not.toContain('someone@example.com');
  });

  it(`limits each address to ${REMOTE_EVENTS_PER_MINUTE} reports a minute`, async () => {
    // The tests above posted 10 from this address, refused ones included.
    const statuses: number[] = [];
    for (let i = 0; i < REMOTE_EVENTS_PER_MINUTE - 10; i++) statuses.push((await beacon({ remote: 'debug', version: 'flood', event: 'loaded' })).status);
    expect(statuses).toEqual(Array(REMOTE_EVENTS_PER_MINUTE - 10).fill(202));
    const limited = await beacon({ remote: 'debug', version: 'flood', event: 'loaded' });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ success: false, message: expect.stringMatching(/^Too many requests/) });
  });
});
