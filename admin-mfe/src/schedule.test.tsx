import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminShowRow, ScheduleClashJson, ScheduleViewResponse } from 'booking-service/contract';
import { currentLocation, renderWithProviders, signIn, TEST_API } from 'shared-ui/testing';
import { Route, Routes } from 'react-router-dom';
import AdminRoutes from './exposes/routes';
import { server } from './testing/server';
import { useAddShowStore } from './features/shows/hooks/add-show-store';

/** Issue 52, parts 4 and 5: the Schedule, On Sale's picker, List Shows' screen filter and Cancel, Add Shows' clashes. */

const NOW = new Date('2026-12-01T06:00:00.000Z');
const layout = (...rows: string[]) => ({ rows: rows.map((seats, i) => ({ label: String.fromCharCode(65 + i), seats })) });
const MARINE = {
  _id: 'marquee-marine-drive',
  name: 'Marquee Marine Drive',
  address: '14 Marine Lines',
  city: 'Mumbai',
  timeZone: 'Asia/Kolkata',
  phone: '+91 22 5550 1401',
  facilities: [],
  turnoverMinutes: 20,
  mapUrl: 'https://www.openstreetmap.org/search?query=Marine',
  screens: [
    { _id: 'marquee-marine-drive-1', name: 'Screen 1', format: 'Standard', seatCount: 9, layout: layout('sssssssss') },
    { _id: 'marquee-marine-drive-2', name: 'Screen 2', format: 'IMAX', seatCount: 6, layout: layout('pppppp') },
  ],
};
const SAKET = { ...MARINE, _id: 'marquee-saket', name: 'Marquee Saket', city: 'Delhi', screens: [{ ...MARINE.screens[0]!, _id: 'marquee-saket-1' }] };
const ODETTE_ID = '0a0a0a0a-0000-4000-8000-000000000001';

/** Marine Drive on 2026-12-10 (IST, UTC+5:30): Screen 1 has a 2 PM and a 7 PM show; Screen 2 none. */
const SCHEDULE: ScheduleViewResponse = {
  success: true,
  cinema: { _id: MARINE._id, name: MARINE.name, timeZone: 'Asia/Kolkata', turnoverMinutes: 20 },
  from: '2026-12-10',
  to: '2026-12-10',
  salesCloseMinutes: 30,
  screens: [
    {
      _id: 'marquee-marine-drive-1',
      name: 'Screen 1',
      format: 'Standard',
      seatCount: 9,
      shows: [
        { showId: 'b0b0b0b0-0000-4000-8000-000000000002', movieId: '1002', title: 'Sungrazer', startsAt: '2026-12-10T08:30:00.000Z', endsAt: '2026-12-10T10:30:00.000Z', readyAt: '2026-12-10T10:50:00.000Z', cancelled: false, soldSeats: 9, heldSeats: 0, totalSeats: 9 },
        { showId: ODETTE_ID, movieId: '1001', title: 'Dear Odette', startsAt: '2026-12-10T13:30:00.000Z', endsAt: '2026-12-10T15:13:00.000Z', readyAt: '2026-12-10T15:33:00.000Z', cancelled: false, soldSeats: 4, heldSeats: 1, totalSeats: 9 },
      ],
    },
    { _id: 'marquee-marine-drive-2', name: 'Screen 2', format: 'IMAX', seatCount: 6, shows: [] },
  ],
};

const ROW: AdminShowRow = {
  _id: ODETTE_ID,
  movie: { _id: '1001', title: 'Dear Odette' },
  showDateTime: '2026-12-10T13:30:00.000Z',
  showPrice: 12.5,
  soldSeats: 4,
  heldSeats: 1,
  totalSeats: 9,
  revenue: 50,
  cinema: { _id: MARINE._id, name: MARINE.name, address: MARINE.address, city: MARINE.city, timeZone: MARINE.timeZone, mapUrl: MARINE.mapUrl },
  screen: { _id: 'marquee-marine-drive-2', name: 'Screen 2', format: 'IMAX' },
};

const renderAdmin = (path: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/admin/*" element={<AdminRoutes />} />
    </Routes>,
    path,
  );

/** Every /api/admin/shows query the page made, as its search parameters. */
function recordShowQueries(rows: AdminShowRow[] = [ROW]) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get(`${TEST_API}/api/admin/shows`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      return HttpResponse.json({ success: true, shows: rows, page: 1, pageSize: 20, total: rows.length, movies: [{ id: '1001', title: 'Dear Odette' }] });
    }),
  );
  return asked;
}

beforeEach(() => {
  // The fixtures' shows are on fixed dates: the clock starts before them (Date only, running on).
  vi.useFakeTimers({ now: NOW, toFake: ['Date'], shouldAdvanceTime: true });
  signIn({ name: 'Theo Theatre', email: 'admin@example.com' });
  useAddShowStore.setState({ screenId: null });
  useAddShowStore.getState().reset();
  server.use(http.get(`${TEST_API}/api/admin/cinemas`, () => HttpResponse.json({ success: true, cinemas: [MARINE, SAKET] })));
});
afterEach(() => vi.useRealTimers());

describe('Schedule', () => {
  it("draws each screen's day on the cinema's clock, the free stretches named, and a block opens the show in List Shows", async () => {
    let asked: URLSearchParams | undefined;
    server.use(
      http.get(`${TEST_API}/api/admin/schedule`, ({ request }) => {
        asked = new URL(request.url).searchParams;
        return HttpResponse.json(SCHEDULE);
      }),
    );
    const rows = recordShowQueries();
    renderAdmin('/admin/schedule?cinema=marquee-marine-drive&date=2026-12-10');
    const screen1 = await screen.findByRole('list', { name: 'Screen 1 · Standard · 9 seats' });
    expect(asked?.toString()).toBe('cinemaId=marquee-marine-drive&from=2026-12-10&to=2026-12-10');
    const blocks = within(screen1).getAllByRole('link');
    expect(blocks.map((b) => b.textContent)).toEqual([
      'Sungrazer, 2:00 PM–4:00 PM, ready again 4:20 PM, 9 / 9 sold · Sold out',
      'Dear Odette, 7:00 PM–8:43 PM, ready again 9:03 PM, 4 / 9 sold · Selling',
    ]);
    // 9 AM to 2 PM free, then 4:20 to 7 PM, then 9:03 PM to midnight.
    expect(within(screen1).getAllByText(/^Free /).map((gap) => gap.textContent)).toEqual(['Free 9:00 AM–2:00 PM', 'Free 4:20 PM–7:00 PM', 'Free 9:03 PM–12:00 AM']);
    expect(within(screen.getByRole('list', { name: 'Screen 2 · IMAX · 6 seats' })).getByText('Free 9:00 AM–12:00 AM')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: /^Dear Odette\s*,\s*7:00 PM/ }));
    await waitFor(() => expect(currentLocation()).toBe(`/admin/list-shows?show=${ODETTE_ID}`));
    expect(await screen.findByText('Showing the show opened from the Schedule.')).toBeInTheDocument();
    await waitFor(() => expect(rows.at(-1)?.get('ids')).toBe(ODETTE_ID));
  });

  it('steps a day and switches to the week from the chosen day, keeping the choice in the URL', async () => {
    const asked: string[] = [];
    server.use(
      http.get(`${TEST_API}/api/admin/schedule`, ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(`${params.get('from')}..${params.get('to')}`);
        return HttpResponse.json({ ...SCHEDULE, from: params.get('from'), to: params.get('to') });
      }),
    );
    renderAdmin('/admin/schedule?cinema=marquee-marine-drive&date=2026-12-10');
    await screen.findByRole('list', { name: 'Screen 1 · Standard · 9 seats' });
    await userEvent.click(screen.getByRole('button', { name: 'Next day' }));
    await waitFor(() => expect(asked.at(-1)).toBe('2026-12-11..2026-12-11'));
    await userEvent.click(screen.getByRole('button', { name: 'Week' }));
    await waitFor(() => expect(asked.at(-1)).toBe('2026-12-11..2026-12-17'));
    expect(currentLocation()).toBe('/admin/schedule?cinema=marquee-marine-drive&date=2026-12-11&view=week');
    // One section per screen, one row per day.
    const week = await screen.findByRole('region', { name: 'Screen 1, week from Fri, Dec 11' });
    expect(within(week).getAllByRole('list')).toHaveLength(7);
    expect(screen.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('On Sale picker', () => {
  it('lists only shows open for sale, filters by cinema, screen and date, and names the cinema and screen of every row', async () => {
    const asked = recordShowQueries();
    server.use(http.get(`${TEST_API}/api/admin/on-sale`, () => HttpResponse.json({ success: true, events: [], unreadable: [] })));
    renderAdmin('/admin/on-sale');
    const picks = await screen.findByRole('list', { name: 'Shows open for sale' });
    expect(asked.at(-1)?.get('openForSale')).toBe('true');
    const box = within(picks).getByRole('checkbox', { name: /Dear Odette · Thu, Dec 10, 7:00 PM · Marquee Marine Drive · Screen 2 \(IMAX\)/ });
    expect(box).not.toBeChecked();

    const picker = screen.getByRole('group', { name: 'Shows' });
    expect(within(picker).queryByLabelText('Screen')).not.toBeInTheDocument();
    await userEvent.selectOptions(within(picker).getByLabelText('Cinema'), 'marquee-marine-drive');
    await waitFor(() => expect(asked.at(-1)?.get('cinemaId')).toBe('marquee-marine-drive'));
    await userEvent.selectOptions(within(picker).getByLabelText('Screen'), 'marquee-marine-drive-2');
    await waitFor(() => expect(asked.at(-1)?.get('screenId')).toBe('marquee-marine-drive-2'));
    await userEvent.type(within(picker).getByLabelText('Show date'), '2026-12-10');
    await waitFor(() => expect([asked.at(-1)?.get('from'), asked.at(-1)?.get('to')]).toEqual(['2026-12-10', '2026-12-10']));
    expect(asked.at(-1)?.get('openForSale')).toBe('true');

    await userEvent.click(within(screen.getByRole('list', { name: 'Shows open for sale' })).getByRole('checkbox'));
    expect(screen.getByRole('list', { name: 'Chosen shows' })).toHaveTextContent('Dear Odette · Thu, Dec 10, 7:00 PM · Marquee Marine Drive · Screen 2 (IMAX)');
  });
});

describe('List Shows', () => {
  it("filters by the chosen cinema's screen, in the URL and the call", async () => {
    const asked = recordShowQueries();
    renderAdmin('/admin/list-shows');
    await screen.findByRole('rowheader', { name: 'Dear Odette' });
    expect(screen.queryByLabelText('Screen')).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Cinema'), 'marquee-marine-drive');
    await userEvent.selectOptions(await screen.findByLabelText('Screen'), 'marquee-marine-drive-2');
    await waitFor(() => expect(asked.at(-1)?.get('screenId')).toBe('marquee-marine-drive-2'));
    expect(currentLocation()).toBe('/admin/list-shows?cinema=marquee-marine-drive&screen=marquee-marine-drive-2');
    expect(screen.getByRole('cell', { name: 'Marquee Marine Drive · Screen 2 (IMAX)' })).toBeInTheDocument();
  });

  it('draws Cancel show as destructive and asks for confirmation, naming the show and where it is', async () => {
    recordShowQueries();
    let cancelled = false;
    server.use(
      http.post(`${TEST_API}/api/admin/shows/:id/cancel`, () => {
        cancelled = true;
        return HttpResponse.json({ success: true, message: 'Show cancelled: 4 bookings refunded', refunded: 4, released: 1 });
      }),
    );
    renderAdmin('/admin/list-shows');
    const cancel = await screen.findByRole('button', { name: 'Cancel show' });
    expect(cancel).toHaveClass('staff__danger');
    await userEvent.click(cancel);
    const dialog = screen.getByRole('dialog', { name: 'Cancel this show?' });
    expect(dialog).toHaveTextContent('Marquee Marine Drive · Screen 2 (IMAX)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the show' }));
    expect(cancelled).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel show' }));
    const confirm = within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel show and refund' });
    expect(confirm).toHaveClass('staff__danger');
    await userEvent.click(confirm);
    await waitFor(() => expect(cancelled).toBe(true));
  });
});

describe('Add Shows clashes', () => {
  /** 19:30 IST on Screen 2 clashes with Dear Odette (7:00-8:43 PM, ready 9:03 PM); 11:00 is free. */
  const clash: ScheduleClashJson = {
    proposed: { startsAt: '2026-12-10T14:00:00.000Z', endsAt: '2026-12-10T16:00:00.000Z', readyAt: '2026-12-10T16:20:00.000Z' },
    clashesWith: { showId: ODETTE_ID, movieId: '1001', title: 'Dear Odette', screenId: 'marquee-marine-drive-2', grandfathered: false, startsAt: '2026-12-10T13:30:00.000Z', endsAt: '2026-12-10T15:13:00.000Z', readyAt: '2026-12-10T15:33:00.000Z' },
    nextFreeStart: '2026-12-10T15:33:00.000Z',
    message: 'Dec 10, 2026, 7:30 PM: Screen 2 is showing Dear Odette 7:00-8:43 PM, ready again at 9:03 PM; the next free start is Dec 10, 2026, 9:03 PM',
  };

  const chooseShows = async (...times: string[]) => {
    await userEvent.click(await screen.findByRole('button', { name: /Movie 1002/ }));
    await userEvent.type(screen.getByLabelText('Show Price'), '10');
    await userEvent.selectOptions(await screen.findByLabelText('Screen'), 'marquee-marine-drive-2');
    const picker = screen.getByLabelText('Select Date and Time');
    for (const time of times) {
      await userEvent.clear(picker);
      await userEvent.type(picker, time);
      await userEvent.click(screen.getByRole('button', { name: 'Add Time' }));
    }
  };

  it('shows each clash beside the chosen times before submitting, and moves a time to the next free start in one click', async () => {
    const checked: unknown[] = [];
    server.use(
      http.post(`${TEST_API}/api/admin/shows/check`, async ({ request }) => {
        const body = (await request.json()) as { showsInput: { date: string; time: string[] }[] };
        checked.push(body);
        const clashing = body.showsInput.some((entry) => entry.time.includes('19:30'));
        return HttpResponse.json({ success: true, free: !clashing, message: '', runtime: 120, turnoverMinutes: 20, proposed: [], clashes: clashing ? [clash] : [] });
      }),
    );
    renderAdmin('/admin/add-shows');
    await chooseShows('2026-12-10T11:00', '2026-12-10T19:30');
    const notes = await screen.findByRole('list', { name: 'Clashes' });
    expect(notes).toHaveTextContent('Screen 2 is showing Dear Odette 7:00-8:43 PM, ready again at 9:03 PM');
    expect(checked.at(-1)).toEqual({ movieId: '1002', screenId: 'marquee-marine-drive-2', showsInput: [{ date: '2026-12-10', time: ['11:00', '19:30'] }] });
    expect(screen.getByText('7:30 PM').closest('li')).toHaveTextContent('clashes');

    await userEvent.click(within(notes).getByRole('button', { name: 'Use Thu, Dec 10, 9:03 PM instead of Thu, Dec 10, 7:30 PM' }));
    expect(useAddShowStore.getState().dateTimes).toEqual({ '2026-12-10': ['11:00', '21:03'] });
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Clashes' })).not.toBeInTheDocument());
  });

  it("lists the clashes of a refused add (409) by name, and keeps the form's times", async () => {
    const second = { ...clash, proposed: { ...clash.proposed, startsAt: '2026-12-11T14:00:00.000Z' }, nextFreeStart: '2026-12-11T15:33:00.000Z', message: 'Dec 11, 2026, 7:30 PM: Screen 2 is showing Dear Odette 7:00-8:43 PM, ready again at 9:03 PM; the next free start is Dec 11, 2026, 9:03 PM' };
    server.use(
      http.post(`${TEST_API}/api/show/add`, () =>
        HttpResponse.json({ success: false, message: '2 of these shows would overlap others on their screen: … Nothing was added.', clashes: [clash, second], nextFreeStart: clash.nextFreeStart }, { status: 409 }),
      ),
    );
    renderAdmin('/admin/add-shows');
    await chooseShows('2026-12-10T19:30', '2026-12-11T19:30');
    await userEvent.click(screen.getByRole('button', { name: 'Add Show' }));
    const notes = await screen.findByRole('list', { name: 'Clashes' });
    expect(within(notes).getAllByRole('listitem').map((item) => item.querySelector('p')?.textContent?.slice(0, 20))).toEqual(['Dec 10, 2026, 7:30 P', 'Dec 11, 2026, 7:30 P']);
    expect(Object.keys(useAddShowStore.getState().dateTimes)).toEqual(['2026-12-10', '2026-12-11']);
  });
});
