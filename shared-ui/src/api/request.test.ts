import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earlyResponseStore } from './early-responses';
import { createCaller } from './request';

const base = 'http://service.test';

/** Puts `responses` in the page's early store, as the shell's inline script does. */
function setEarly(responses: Record<string, Promise<Response>>): void {
  earlyResponseStore().clear();
  for (const [url, response] of Object.entries(responses)) earlyResponseStore().set(url, response);
}
const showAll = (call = createCaller(base)) => call('/api/show/all');
const myBookings = (call: ReturnType<typeof createCaller>) => call('/api/user/bookings', { auth: true });

const requests: string[] = [];
const answer = ({ request }: { request: Request }) => {
  requests.push(`${request.method} ${new URL(request.url).pathname} ${request.headers.get('authorization') ? 'token' : 'anonymous'}`);
  return HttpResponse.json({ success: true, answer: requests.length });
};
const server = setupServer(http.get(`${base}/api/show/all`, answer), http.get(`${base}/api/user/bookings`, answer));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe("the page's early responses", () => {
  it('a public read takes its URL\'s early response once, then asks the service again', async () => {
    requests.length = 0;
    setEarly({ [`${base}/api/show/all`]: fetch(`${base}/api/show/all`) });
    expect(await showAll()).toEqual({ success: true, answer: 1 });
    expect(requests).toEqual(['GET /api/show/all anonymous']);
    expect(await showAll()).toEqual({ success: true, answer: 2 });
    expect(requests).toHaveLength(2);
  });

  it('a signed-in read never takes one: it is asked with the token', async () => {
    requests.length = 0;
    setEarly({ [`${base}/api/user/bookings`]: Promise.resolve(new Response('{"from":"early"}')) });
    const answer = await myBookings(createCaller(base, async () => 'token-1'));
    expect(answer).toEqual({ success: true, answer: 1 });
    expect(requests).toEqual(['GET /api/user/bookings token']);
  });

  it('an early request that failed is asked again', async () => {
    requests.length = 0;
    setEarly({ [`${base}/api/show/all`]: Promise.reject(new TypeError('network down then')) });
    expect(await showAll()).toEqual({ success: true, answer: 1 });
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
    setEarly({});
    await showAll();
    const signedIn = createCaller(base, async () => 'token-1');
    await myBookings(signedIn);
    await myBookings(signedIn);
    expect(seen[0]).toBeNull();
    expect(seen[1]).toMatch(/^00-[\da-f]{32}-[\da-f]{16}-01$/);
    // Each call its own trace.
    expect(seen[2]).toMatch(/^00-[\da-f]{32}-[\da-f]{16}-01$/);
    expect(seen[2]!.slice(3, 35)).not.toBe(seen[1]!.slice(3, 35));
    server.resetHandlers();
  });
});
