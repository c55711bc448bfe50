import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentLocation, renderWithProviders, signIn, TEST_API } from 'shared-ui/testing';
import { Route, Routes } from 'react-router-dom';
import AdminRoutes from './exposes/routes';
import { server } from './testing/server';
import { useAddShowStore } from './features/shows/hooks/add-show-store';
import { SHOW_ROWS, SHOWS } from './testing/fixtures';

/** Issue 42 on the staff screens: Add Shows on a chosen screen with prices by seat type; lists and dashboard by cinema. */

const layout = (...rows: string[]) => ({ rows: rows.map((seats, i) => ({ label: String.fromCharCode(65 + i), seats })) });
const CINEMAS = [
  {
    _id: 'marquee-marine-drive',
    name: 'Marquee Marine Drive',
    address: '14 Marine Lines',
    city: 'Mumbai',
    timeZone: 'Asia/Kolkata',
    phone: '+91 22 5550 1401',
    facilities: [],
    mapUrl: 'https://www.openstreetmap.org/search?query=Marine',
    screens: [
      { _id: 'marquee-marine-drive-1', name: 'Screen 1', format: 'Standard', seatCount: 9, layout: layout('sssssssss') },
      { _id: 'marquee-marine-drive-2', name: 'Screen 2', format: 'IMAX', seatCount: 10, layout: layout('wcs.scw', 'ppp') },
    ],
  },
  {
    _id: 'marquee-saket',
    name: 'Marquee Saket',
    address: '2 Press Enclave Road',
    city: 'Delhi',
    timeZone: 'UTC',
    phone: '+91 11 5550 2201',
    facilities: [],
    mapUrl: 'https://www.openstreetmap.org/search?query=Saket',
    screens: [{ _id: 'marquee-saket-1', name: 'Screen 1', format: 'Dolby Atmos', seatCount: 6, layout: layout('pppppp') }],
  },
];
const SAKET = { _id: 'marquee-saket', name: 'Marquee Saket', address: '2 Press Enclave Road', city: 'Delhi', timeZone: 'UTC', mapUrl: CINEMAS[1]!.mapUrl };

const renderAdmin = (path: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/admin/*" element={<AdminRoutes />} />
    </Routes>,
    path,
  );

describe('staff screens on a chain of cinemas', () => {
  beforeEach(() => {
    signIn({ name: 'Theo Theatre', email: 'admin@example.com' });
    useAddShowStore.setState({ screenId: null });
    useAddShowStore.getState().reset();
    server.use(http.get(`${TEST_API}/api/admin/cinemas`, () => HttpResponse.json({ success: true, cinemas: CINEMAS })));
  });

  it("Add Shows chooses the cinema and screen, prices the screen's other seat types, and sends them with the times on the cinema's clock", async () => {
    let sent: unknown;
    server.use(
      http.post(`${TEST_API}/api/show/add`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ success: true, message: 'Added 1 show successfully', created: 1, skipped: 0 });
      }),
    );
    renderAdmin('/admin/add-shows');
    await userEvent.click(await screen.findByRole('button', { name: /Movie 1002/ }));
    expect(await screen.findByLabelText('Cinema')).toHaveValue('marquee-marine-drive');
    expect(screen.getByText("In the cinema's time (Asia/Kolkata)")).toBeInTheDocument();
    // Screen 1 is all standard: no other price to set.
    expect(screen.queryByLabelText('Premium price')).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Screen'), 'marquee-marine-drive-2');
    await userEvent.type(screen.getByLabelText('Show Price'), '12');
    await userEvent.type(screen.getByLabelText('Premium price'), '18.5');
    await userEvent.type(screen.getByLabelText('Wheelchair space price'), '8');
    expect(screen.getByLabelText('Companion seat price')).toHaveValue(null);
    await userEvent.type(screen.getByLabelText('Select Date and Time'), '2026-12-24T18:30');
    await userEvent.click(screen.getByRole('button', { name: 'Add Time' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Show' }));
    expect(await screen.findByText('Added 1 show successfully')).toBeInTheDocument();
    expect(sent).toEqual({
      movieId: '1002',
      showsInput: [{ date: '2026-12-24', time: ['18:30'] }],
      showPrice: 12,
      screenId: 'marquee-marine-drive-2',
      seatPrices: { premium: 18.5, wheelchair: 8 },
    });
    // The screen stays chosen for the next movie; the prices start afresh.
    expect(screen.getByLabelText('Screen')).toHaveValue('marquee-marine-drive-2');
    expect(screen.getByLabelText('Premium price')).toHaveValue(null);
  });

  it('a service without cinemas (an older one): Add Shows sends what it did', async () => {
    server.use(http.get(`${TEST_API}/api/admin/cinemas`, () => HttpResponse.json({ success: false, message: 'Not found' }, { status: 404 })));
    renderAdmin('/admin/add-shows');
    await screen.findByRole('button', { name: /Movie 1002/ });
    expect(screen.queryByLabelText('Cinema')).not.toBeInTheDocument();
  });

  it('List Shows filters by cinema (in the URL and the call) and names each row\'s cinema and screen', async () => {
    const queries: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/api/admin/shows')) queries.push(new URL(request.url).search);
    });
    server.use(
      http.get(`${TEST_API}/api/admin/shows`, () =>
        HttpResponse.json({
          success: true,
          shows: [{ ...SHOW_ROWS[0]!, cinema: SAKET, screen: { _id: 'marquee-saket-1', name: 'Screen 1', format: 'Dolby Atmos' } }],
          page: 1,
          pageSize: 20,
          total: 1,
          movies: [],
        }),
      ),
    );
    renderAdmin('/admin/list-shows');
    const row = (await screen.findByRole('rowheader', { name: 'Dear Odette' })).closest('tr')!;
    expect(await within(row).findByText('Marquee Saket · Screen 1 (Dolby Atmos)')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Cinema'), 'marquee-saket');
    await waitFor(() => expect(currentLocation()).toBe('/admin/list-shows?cinema=marquee-saket'));
    await waitFor(() => expect(queries.at(-1)).toContain('cinemaId=marquee-saket'));
    server.events.removeAllListeners();
  });

  it('List Bookings filters by cinema and names each row\'s cinema', async () => {
    const queries: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('all-bookings')) queries.push(new URL(request.url).search);
    });
    renderAdmin('/admin/list-bookings');
    expect(await screen.findByText('Page 1 of 3 · 60 bookings')).toBeInTheDocument();
    await userEvent.selectOptions(await screen.findByLabelText('Cinema'), 'marquee-saket');
    await waitFor(() => expect(queries.at(-1)).toBe('?page=1&pageSize=25&cinemaId=marquee-saket'));
    expect(screen.getByRole('columnheader', { name: 'Cinema' })).toBeInTheDocument();
    server.events.removeAllListeners();
  });

  it('the dashboard shows the totals by cinema and the figures of one cinema when chosen', async () => {
    const asked: (string | null)[] = [];
    server.use(
      http.get(`${TEST_API}/api/admin/dashboard`, ({ request }) => {
        const cinemaId = new URL(request.url).searchParams.get('cinemaId');
        asked.push(cinemaId);
        return HttpResponse.json({
          success: true,
          dashboardData: {
            totalBookings: cinemaId ? 3 : 7,
            totalRevenue: 123.5,
            activeShows: SHOWS,
            totalUser: 4,
            byCinema: [
              { cinemaId: 'marquee-marine-drive', name: 'Marquee Marine Drive', bookings: 5, paidBookings: 4, revenue: 100, seatsSold: 8 },
              { cinemaId: 'marquee-saket', name: 'Marquee Saket', bookings: 3, paidBookings: 3, revenue: 23.5, seatsSold: 3 },
            ],
          },
        });
      }),
    );
    renderAdmin('/admin');
    const saket = (await screen.findByRole('rowheader', { name: 'Marquee Saket' })).closest('tr')!;
    expect(saket).toHaveTextContent('Marquee Saket333$23.50');
    // The dashboard's own filter (the sales report's export has a cinema picker of its own).
    const dashboardOf = await screen.findByRole('form', { name: 'Dashboard of' });
    await userEvent.selectOptions(within(dashboardOf).getByLabelText('Cinema'), 'marquee-saket');
    await waitFor(() => expect(asked.at(-1)).toBe('marquee-saket'));
    expect(await screen.findByText('3', { selector: '.admin__figure dd' })).toBeInTheDocument();
  });
});
