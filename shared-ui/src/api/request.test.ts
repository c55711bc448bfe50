import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, setEarlyResponses } from './client';

const base = 'http://service.test';
const requests: string[] = [];
const answer = ({ request }: { request: Request }) => {
  requests.push(`${request.method} ${new URL(request.url).pathname} ${request.headers.get('authorization') ? 'token' : 'anonymous'}`);
  return HttpResponse.json({ success: true, answer: requests.length });
};
const server = setupServer(http.get(`${base}/api/show/all`, answer), http.get(`${base}/api/user/bookings`, answer));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('responses the host asked for early', () => {
  it('a public read takes its URL\'s early response once, then asks the service again', async () => {
    requests.length = 0;
    const early = new Map([[`${base}/api/show/all`, fetch(`${base}/api/show/all`)]]);
    setEarlyResponses((url) => {
      const response = early.get(url);
      early.delete(url);
      return response;
    });
    expect(await createApi(base).showAll()).toEqual({ success: true, answer: 1 });
    expect(requests).toEqual(['GET /api/show/all anonymous']);
    expect(await createApi(base).showAll()).toEqual({ success: true, answer: 2 });
    expect(requests).toHaveLength(2);
  });

  it('a signed-in read never takes one: it is asked with the token', async () => {
    requests.length = 0;
    const early = new Map([[`${base}/api/user/bookings`, Promise.resolve(new Response('{"from":"early"}'))]]);
    setEarlyResponses((url) => early.get(url));
    const answer = await createApi(base, async () => 'token-1').myBookings();
    expect(answer).toEqual({ success: true, answer: 1 });
    expect(requests).toEqual(['GET /api/user/bookings token']);
  });

  it('an early request that failed is asked again', async () => {
    requests.length = 0;
    setEarlyResponses(() => Promise.reject(new TypeError('network down then')));
    expect(await createApi(base).showAll()).toEqual({ success: true, answer: 1 });
    expect(requests).toEqual(['GET /api/show/all anonymous']);
  });
});

describe('trace context', () => {
  it('a call that is preflighted anyway starts a new W3C trace; a simple public read carries none (it would add a preflight)', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get(`${base}/api/show/all`, ({ request }) => (seen.push(request.headers.get('traceparent')), HttpResponse.json({ success: true }))),
      http.get(`${base}/api/user/bookings`, ({ request }) => (seen.push(request.headers.get('traceparent')), HttpResponse.json({ success: true }))),
    );
    setEarlyResponses(() => undefined);
    await createApi(base).showAll();
    const signedIn = createApi(base, async () => 'token-1');
    await signedIn.myBookings();
    await signedIn.myBookings();
    expect(seen[0]).toBeNull();
    expect(seen[1]).toMatch(/^00-[\da-f]{32}-[\da-f]{16}-01$/);
    // Each call its own trace.
    expect(seen[2]).toMatch(/^00-[\da-f]{32}-[\da-f]{16}-01$/);
    expect(seen[2]!.slice(3, 35)).not.toBe(seen[1]!.slice(3, 35));
    server.resetHandlers();
  });
});
