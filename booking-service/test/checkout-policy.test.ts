import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CINEMA_ID } from '../src/cinemas/built-in-chain.ts';
import { lanes } from './support/databases.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * The local checkout's card form states the cancellation policy as it will apply if paid now (issue 53): a day ahead,
 * until when; within the cut-off (CANCELLATION_CUTOFF_MINUTES, 120 by default), non-refundable and since when. The
 * service's clock is moved (TestAppOptions.now); one lane (the page does not depend on the store).
 */

const lane = lanes[0]!;
const SCREEN = `${DEFAULT_CINEMA_ID}-3`;
const DAY_MS = 86_400_000;
const MINUTE = 60_000;

describe.skipIf(lane.skipReason !== null)('the checkout page states the policy if paid now', () => {
  let t: TestApp;
  let clock = Date.now();
  let showId: string;
  let startsAt: number;
  let user: string;

  beforeAll(async () => {
    t = await startTestApp(lane, { now: () => new Date(clock) });
    const admin = await t.tokenFor('admin@example.com', ['admin']);
    user = await t.tokenFor('policy@example.com');
    const movieId = (await t.api('GET', '/api/show/all')).body.shows[0]._id;
    const date = new Date(Date.now() + 12 * DAY_MS).toISOString().slice(0, 10);
    expect((await t.api('POST', '/api/show/add', { token: admin, body: { movieId, showsInput: [{ date, time: ['15:00'] }], showPrice: 20, screenId: SCREEN } })).body).toMatchObject({ created: 1 });
    const times = Object.values((await t.api('GET', `/api/show/${movieId}`)).body.dateTime as Record<string, { showId: string; time: string; screenId: string }[]>).flat();
    const entry = times.find((e) => e.screenId === SCREEN && Date.parse(e.time) > Date.now() + 11 * DAY_MS)!;
    showId = entry.showId;
    startsAt = Date.parse(entry.time);
  });
  afterAll(async () => t?.close());

  const formFor = async (seats: string[]) => {
    const held = await t.api('POST', '/api/booking/create', { token: user, body: { showId, selectedSeats: seats } });
    expect(held.body).toMatchObject({ success: true });
    return (await fetch(`${t.baseUrl}${new URL(held.body.url).pathname}`)).text();
  };

  it('a day ahead: free cancellation until two hours before, as a time', async () => {
    clock = startsAt - DAY_MS;
    const html = await formFor(['B1', 'B2']);
    expect(html).toMatch(/<dt>Cancellation<\/dt><dd>Free cancellation until [^<]*\d{1,2}:\d{2}\s?[AP]M, with a full refund to your card\. No cancellation after that\.<\/dd>/);
  });

  it('55 minutes before (sales still open): non-refundable, and since when', async () => {
    clock = startsAt - 55 * MINUTE;
    const html = await formFor(['C1', 'C2']);
    expect(html).toMatch(/<dt>Cancellation<\/dt><dd>Non-refundable: free cancellation ended at [^<]*\d{1,2}:\d{2}\s?[AP]M\.<\/dd>/);
    expect(html).not.toContain('Free cancellation until');
  });
});
