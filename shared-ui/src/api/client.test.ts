import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELEASE_0_API_MEMBERS } from 'shared-ui/shared-contract';
import { createApi } from './client';
import { release0Client } from './release-0-client';

const base = 'http://service.test';
const server = setupServer(http.get(`${base}/api/admin/is-admin`, ({ request }) => HttpResponse.json({ success: true, isAdmin: request.headers.get('authorization') === 'Bearer t' })));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe("the shell's client for release 0's remotes (useApi)", () => {
  it("has every member of release 0's client, by name, before its code is loaded, and each is a call of release0Client", () => {
    expect(Object.keys(createApi(base)).sort()).toEqual([...RELEASE_0_API_MEMBERS].sort());
    const client: Record<string, unknown> = release0Client(base);
    expect(RELEASE_0_API_MEMBERS.filter((name) => typeof client[name] !== 'function')).toEqual([]);
  });

  it("answers release 0's staff calls (isAdmin), which today's apps make with their own code", async () => {
    expect(await createApi(base, async () => 't').isAdmin()).toEqual({ success: true, isAdmin: true });
  });

  it('gives the seat stream address at once', () => {
    expect(createApi(`${base}/`).seatEventsUrl('s 1')).toBe(`${base}/api/booking/seats/s%201/events`);
  });
});
