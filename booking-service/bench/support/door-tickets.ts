/**
 * Paid tickets for shows admitting now, made through the service's own API as staff and moviegoers would:
 * shows added a few minutes ahead (Add Shows), two seats held by a moviegoer each, marked paid by support.
 */
import type { TestSigner } from '../../test/support/signer.ts';

const MINUTE = 60_000;
const SEATS = 'ABCDEFGHIJ'.split('').flatMap((row) => Array.from({ length: 9 }, (_, i) => `${row}${i + 1}`));

type Caller = <T>(method: string, path: string, token: string, body?: unknown) => Promise<T>;

function caller(origin: string): Caller {
  return async (method, path, token, body) => {
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json() as never;
  };
}

/** The date and HH:MM of `instant` on the theatre's clocks, as Add Shows takes them. */
function theatreDateTime(instant: Date, timeZone: string) {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** Adds `count` shows of the first movie, 20, 25, 30… minutes from now (inside the admission window); their ids. */
async function showsAdmittingSoon(call: Caller, admin: string, count: number): Promise<string[]> {
  const { theatreTimeZone } = await call<{ theatreTimeZone: string }>('GET', '/api/config', admin);
  const movieId = (await call<{ shows: { _id: string }[] }>('GET', '/api/show/all', admin)).shows[0]!._id;
  // After online sales close (15 minutes before) and well inside the admission window (60 minutes before).
  const base = Math.ceil(Date.now() / (5 * MINUTE)) * 5 * MINUTE + 20 * MINUTE;
  const starts = Array.from({ length: count }, (_, i) => new Date(base + i * 5 * MINUTE));
  const byDate = new Map<string, string[]>();
  for (const start of starts) {
    const { date, time } = theatreDateTime(start, theatreTimeZone);
    byDate.set(date, [...(byDate.get(date) ?? []), time]);
  }
  await call('POST', '/api/show/add', admin, { movieId, showsInput: [...byDate].map(([date, time]) => ({ date, time })), showPrice: 12 });
  const detail = await call<{ dateTime: Record<string, { time: string; showId: string }[]> }>('GET', `/api/show/${movieId}`, admin);
  const wanted = new Set(starts.map((s) => s.getTime()));
  return Object.values(detail.dateTime).flat().filter((s) => wanted.has(new Date(s.time).getTime())).map((s) => s.showId);
}

/** `count` paid tickets (two seats each) of shows admitting now: their ticket codes. */
export async function paidDoorTickets(origin: string, signer: TestSigner, count: number): Promise<string[]> {
  const call = caller(origin);
  const admin = await signer.token({ sub: 'bench|admin', name: 'Bench Admin', email: 'bench.admin@example.com', roles: ['admin'] });
  const support = await signer.token({ sub: 'bench|support', name: 'Bench Support', email: 'bench.support@example.com', roles: ['support'] });
  const perShow = Math.floor(SEATS.length / 2);
  const shows = await showsAdmittingSoon(call, admin, Math.ceil(count / perShow));
  const codes: string[] = [];
  // A few at a time: the setup is not what is measured.
  for (let start = 0; start < count; start += 10) {
    const batch = Array.from({ length: Math.min(10, count - start) }, (_, k) => start + k);
    codes.push(
      ...(await Promise.all(
        batch.map(async (i) => {
          const guest = await signer.token({ sub: `bench|guest${i}`, name: `Guest ${i}`, email: `guest${i}@example.com` });
          const seat = (i % perShow) * 2;
          const { bookingId } = await call<{ bookingId: string }>('POST', '/api/booking/create', guest, {
            showId: shows[Math.floor(i / perShow)],
            selectedSeats: SEATS.slice(seat, seat + 2),
          });
          await call('POST', '/api/debug/mark-paid', support, { bookingId });
          const { bookings } = await call<{ bookings: { ticketCode: string }[] }>('GET', `/api/debug/bookings?q=${bookingId}`, support);
          return bookings[0]!.ticketCode;
        }),
      )),
    );
  }
  return codes;
}
