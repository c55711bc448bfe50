import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaller } from './request';
import { staffApi } from './staff-client';

const base = 'http://service.test';
const seen: string[] = [];
const server = setupServer(
  http.all(`${base}/api/*`, async ({ request }) => {
    const url = new URL(request.url);
    seen.push(`${request.method} ${url.pathname}${url.search} ${request.headers.get('authorization') ?? 'anonymous'}${request.method === 'POST' ? ` ${await request.text()}` : ''}`);
    return HttpResponse.json({ success: true });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('the staff calls', () => {
  it('carry the token, send only the query fields that are set, and post JSON', async () => {
    seen.length = 0;
    const staff = staffApi(createCaller(base, async () => 'staff-token'));
    await staff.adminShows({ movieId: '1001', sort: 'sold', from: undefined, page: '2' });
    await staff.debugBookings();
    await staff.supportHistory('a/b');
    await staff.markPaid('b1');
    expect(seen).toEqual([
      'GET /api/admin/shows?movieId=1001&sort=sold&page=2 Bearer staff-token',
      'GET /api/debug/bookings Bearer staff-token',
      'GET /api/debug/bookings/a%2Fb/history Bearer staff-token',
      'POST /api/debug/mark-paid Bearer staff-token {"bookingId":"b1"}',
    ]);
  });
});
