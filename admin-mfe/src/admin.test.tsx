import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { currentLocation, renderWithProviders, signIn, TEST_API } from 'shared-ui/testing';
import AdminRoutes from './exposes/routes';
import { server } from './testing/server';
import { booking } from './testing/fixtures';
import { useAddShowStore } from './features/shows/hooks/add-show-store';
import { Route, Routes } from 'react-router-dom';

const admin = () => signIn({ name: 'Theo Theatre', email: 'admin@example.com' });
const renderAdmin = (path = '/admin') =>
  renderWithProviders(
    <Routes>
      <Route path="/admin/*" element={<AdminRoutes />} />
      <Route path="/" element={<p>Home page</p>} />
    </Routes>,
    path,
  );

describe('admin gate', () => {
  it('asks a signed-out visitor to sign in, returning to /admin', async () => {
    renderAdmin();
    expect(await screen.findByRole('heading', { name: 'Theatre staff sign-in' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('turns a moviegoer away with the spec message, and shows nothing of the admin UI first', async () => {
    signIn();
    server.use(http.get(`${TEST_API}/api/admin/is-admin`, () => HttpResponse.json({ success: true, isAdmin: false })));
    renderAdmin();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
    expect(await screen.findByText('You are not authorized to access admin dashboard')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
  });
});

describe('dashboard', () => {
  it('shows the four figures, the charts and the active shows', async () => {
    admin();
    renderAdmin();
    const figures = await screen.findByText('Total Revenue');
    expect(within(figures.closest('dl')!).getByText('$123.50')).toBeInTheDocument();
    expect(screen.getByText('Total Bookings').nextSibling).toHaveTextContent('7');
    expect(screen.getByText('Active Shows', { selector: 'dt' }).nextSibling).toHaveTextContent('2');
    expect(screen.getByText('Total Users').nextSibling).toHaveTextContent('4');
    expect(await screen.findByText(/^Revenue and tickets, last 30 days/)).toBeInTheDocument();
    const door = await screen.findByRole('list', { name: 'Admitted at the door' });
    expect(door).toHaveTextContent('Dear Odette, 7:30 PM42 of 88 admitted');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Dear Odette', 'Sungrazer']);
    for (const link of ['Dashboard', 'Add Shows', 'List Shows', 'List Bookings']) {
      expect(screen.getByRole('link', { name: link })).toBeInTheDocument();
    }
  });

  it("lists six of a chain's shows admitting now, the rest behind Show all, and one cinema's when the filter picks it", async () => {
    admin();
    const asked: (string | null)[] = [];
    const admitting = (count: number, prefix: string) =>
      Array.from({ length: count }, (_, i) => ({ showId: `${prefix}${i}`, movieTitle: `${prefix} film ${i + 1}`, showDateTime: '2026-12-01T14:00:00.000Z', showTime: '7:30 PM', admitted: i, sold: 10 }));
    const screens = [{ _id: 'marquee-marine-drive-1', name: 'Screen 1', format: 'Standard', seatCount: 9, layout: { rows: [{ label: 'A', seats: 'sssssssss' }] } }];
    const marine = { _id: 'marquee-marine-drive', name: 'Marquee Marine Drive', address: '14 Marine Lines', city: 'Mumbai', timeZone: 'Asia/Kolkata', phone: '+91 22 5550 1401', facilities: [], turnoverMinutes: 20, mapUrl: 'https://www.openstreetmap.org/search?query=Marine', screens };
    server.use(
      http.get(`${TEST_API}/api/admin/cinemas`, () => HttpResponse.json({ success: true, cinemas: [marine] })),
      http.get(`${TEST_API}/api/admin/check-in/shows`, ({ request }) => {
        const cinemaId = new URL(request.url).searchParams.get('cinemaId');
        asked.push(cinemaId);
        return HttpResponse.json({ success: true, shows: cinemaId ? admitting(2, 'Marine') : admitting(9, 'Chain') });
      }),
    );
    renderAdmin();
    const door = await screen.findByRole('list', { name: 'Admitted at the door' });
    expect(within(door).getAllByRole('listitem')).toHaveLength(6);
    expect(door).toHaveTextContent('Chain film 6, 7:30 PM5 of 10 admitted');
    await userEvent.click(screen.getByRole('button', { name: 'Show all 9 shows admitting now' }));
    expect(within(door).getAllByRole('listitem')).toHaveLength(9);
    await userEvent.click(screen.getByRole('button', { name: 'Show fewer' }));
    expect(within(door).getAllByRole('listitem')).toHaveLength(6);

    const dashboardOf = await screen.findByRole('form', { name: 'Dashboard of' });
    await userEvent.selectOptions(within(dashboardOf).getByLabelText('Cinema'), 'marquee-marine-drive');
    await waitFor(() => expect(screen.getByRole('list', { name: 'Admitted at the door' })).toHaveTextContent('Marine film 2'));
    expect(within(screen.getByRole('list', { name: 'Admitted at the door' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Show all/ })).not.toBeInTheDocument();
    expect(asked).toContain('marquee-marine-drive');
  });

  it('logs the failure with the spec prefix and offers Retry', async () => {
    admin();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    server.use(
      http.get(`${TEST_API}/api/admin/dashboard`, () =>
        fail
          ? HttpResponse.json({ success: false, message: 'Database unavailable' }, { status: 503 })
          : HttpResponse.json({ success: true, dashboardData: { totalBookings: 1, totalRevenue: 5, activeShows: [], totalUser: 1 } }),
      ),
    );
    renderAdmin();
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Error fetching dashboard data:', expect.anything());
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Total Bookings')).toBeInTheDocument();
  });
});

describe('add shows', () => {
  it("says 'Missing required fields' when something is missing", async () => {
    admin();
    renderAdmin('/admin/add-shows');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Show' }));
    expect(await screen.findByText('Missing required fields')).toBeInTheDocument();
  });

  it('sends the movie, date-times and price, then clears the form and shows the service message', async () => {
    admin();
    let sent: unknown;
    server.use(
      http.post(`${TEST_API}/api/show/add`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ success: true, message: 'Added 2 shows successfully', created: 2, skipped: 0 });
      }),
    );
    renderAdmin('/admin/add-shows');
    await userEvent.click(await screen.findByRole('button', { name: /Movie 1002/ }));
    expect(screen.getAllByText('23.5k votes')).toHaveLength(2);
    await userEvent.type(screen.getByLabelText('Show Price'), '12.75');
    const picker = screen.getByLabelText('Select Date and Time');
    for (const value of ['2026-12-24T18:30', '2026-12-24T21:00', '2026-12-24T18:30']) {
      await userEvent.clear(picker);
      await userEvent.type(picker, value);
      await userEvent.click(screen.getByRole('button', { name: 'Add Time' }));
    }
    expect(screen.getAllByRole('button', { name: /^Remove / })).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Add Show' }));
    expect(await screen.findByText('Added 2 shows successfully')).toBeInTheDocument();
    expect(sent).toEqual({ movieId: '1002', showsInput: [{ date: '2026-12-24', time: ['18:30', '21:00'] }], showPrice: 12.75 });
    expect(screen.queryAllByRole('button', { name: /^Remove / })).toHaveLength(0);
    expect(screen.getByLabelText('Show Price')).toHaveValue(null);
  });

  // Issue 19: a field-level service message is said in the form's words (no field names reach the screen).
  it("shows the service's refusal, in the form's words, when adding fails", async () => {
    admin();
    server.use(http.post(`${TEST_API}/api/show/add`, () => HttpResponse.json({ success: false, message: 'showsInput[0] 2020-01-01 10:00 is in the past' }, { status: 400 })));
    renderAdmin('/admin/add-shows');
    await userEvent.click(await screen.findByRole('button', { name: /Movie 1001/ }));
    await userEvent.type(screen.getByLabelText('Show Price'), '5');
    await userEvent.type(screen.getByLabelText('Select Date and Time'), '2026-12-24T18:30');
    await userEvent.click(screen.getByRole('button', { name: 'Add Time' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Show' }));
    expect(await screen.findByText('Pick a date and time in the future')).toBeInTheDocument();
    expect(screen.queryByText(/showsInput/)).toBeNull();
  });
});

describe('add shows: form first, honest outcomes', () => {
  // The form's draft outlives the page (a zustand store): each test starts from an empty one.
  beforeEach(() => useAddShowStore.getState().reset());

  it('puts the movie search first in the form and filters the compact list', async () => {
    admin();
    renderAdmin('/admin/add-shows');
    const form = await screen.findByRole('form', { name: 'Add shows' });
    const fields = await within(form).findAllByRole('searchbox');
    expect(fields[0]).toHaveAccessibleName('Movie');
    await userEvent.type(fields[0]!, '1002');
    expect(await screen.findByRole('button', { name: /Movie 1002/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Movie 1001/ })).not.toBeInTheDocument();
  });

  it('says what is still needed after a submit, and stops saying it once everything is filled', async () => {
    admin();
    renderAdmin('/admin/add-shows');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Show' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Still needed: a movie, a show time, a price.');
    await userEvent.click(screen.getByRole('button', { name: /Movie 1001/ }));
    await userEvent.type(screen.getByLabelText('Show Price'), '9');
    expect(screen.getByText('Still needed: a show time.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Select Date and Time'), '2099-12-24T18:30');
    await userEvent.click(screen.getByRole('button', { name: 'Add Time' }));
    expect(screen.queryByText(/Still needed/)).not.toBeInTheDocument();
    // 12-hour, as every screen writes times.
    expect(screen.getByRole('button', { name: 'Remove 6:30 PM on Thu, Dec 24' })).toBeInTheDocument();
  });

  it('says "already existed" as a warning, not a success', async () => {
    admin();
    server.use(http.post(`${TEST_API}/api/show/add`, () => HttpResponse.json({ success: true, message: 'Added 0 shows; 1 already existed', created: 0, skipped: 1 })));
    renderAdmin('/admin/add-shows');
    await userEvent.click(await screen.findByRole('button', { name: /Movie 1001/ }));
    await userEvent.type(screen.getByLabelText('Show Price'), '9');
    await userEvent.type(screen.getByLabelText('Select Date and Time'), '2099-12-24T18:30');
    await userEvent.click(screen.getByRole('button', { name: 'Add Time' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Show' }));
    const toast = await screen.findByText('Added 0 shows; 1 already existed');
    expect(toast.closest('.staff-toast--warning')).not.toBeNull();
  });
});

describe('list shows and bookings', () => {
  it('lists sold seats against the hall and revenue, in the theatre time zone, 12-hour', async () => {
    admin();
    renderAdmin('/admin/list-shows');
    const row = (await screen.findByRole('rowheader', { name: 'Dear Odette' })).closest('tr')!;
    expect(within(row).getByText(/^1 \/ 90/)).toBeInTheDocument();
    expect(within(row).getByText('(1 held)')).toBeInTheDocument();
    // Revenue $12.50 (paid seats only), beside the $12.50 price.
    expect(within(row).getAllByText('$12.50')).toHaveLength(2);
    // 19:30 UTC is 2:30 PM in New York, the theatre's zone.
    expect(await within(row).findByText('Tue, Dec 1, 2:30 PM')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3 · 45 shows')).toBeInTheDocument();
  });

  it('keeps the filter, sort and page in the URL and asks the service for them', async () => {
    admin();
    const queries: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/api/admin/shows')) queries.push(new URL(request.url).search);
    });
    renderAdmin('/admin/list-shows?sort=revenue&order=desc');
    expect(await screen.findByText('Page 1 of 3 · 45 shows')).toBeInTheDocument();
    expect(screen.getByLabelText('Sort by')).toHaveValue('revenue');
    await userEvent.selectOptions(screen.getByLabelText('Movie'), '1002');
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Dear Odette' })).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin/list-shows?sort=revenue&order=desc&movie=1002&page=2'));
    expect(queries.at(-1)).toBe('?movieId=1002&sort=revenue&order=desc&page=2&pageSize=20');
    server.events.removeAllListeners();
  });

  it('keeps both dates of a range typed faster than the page re-renders (From, then To at once)', async () => {
    admin();
    renderAdmin('/admin/list-shows?sort=sold');
    expect(await screen.findByText('Page 1 of 3 · 45 shows')).toBeInTheDocument();
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    // Both changes in one act: the list's re-render after From (a transition) has not happened when To changes.
    act(() => {
      fireEvent.change(from, { target: { value: '2026-12-04' } });
      fireEvent.change(to, { target: { value: '2026-12-05' } });
    });
    await waitFor(() => expect(currentLocation()).toBe('/admin/list-shows?sort=sold&from=2026-12-04&to=2026-12-05'));
    expect(screen.getByLabelText('From')).toHaveValue('2026-12-04');
  });

  it("names a refunded booking by its ticket code, marked not valid, and counts one booking as '1 booking'", async () => {
    admin();
    const refunded = { ...booking('r1', false), status: 'cancelled' as const, paymentLink: null, refundStatus: 'refunded' as const, ticketCode: 'R7K2M9P4QT', cancelledAt: '2026-11-30T10:00:00.000Z' };
    const totals = { paid: { count: 0, amount: 0 }, refunded: { count: 1, amount: 25 }, refundPending: { count: 0, amount: 0 }, unpaid: { count: 0 } };
    server.use(http.get(`${TEST_API}/api/admin/all-bookings`, () => HttpResponse.json({ success: true, bookings: [refunded], page: 1, pageSize: 25, total: 1, totals })));
    renderAdmin('/admin/list-bookings');
    const row = (await screen.findByRole('rowheader', { name: 'Customer r1' })).closest('tr')!;
    expect(within(row).getByRole('cell', { name: 'R7K2M9P4QT refunded, not valid' })).toBeInTheDocument();
    expect(within(row).queryByText(/None/)).not.toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: '$25.00 refunded' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'Cancelled · Refunded' })).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1 · 1 booking')).toBeInTheDocument();
  });

  it('says a booking never paid has no ticket', async () => {
    admin();
    server.use(http.get(`${TEST_API}/api/admin/all-bookings`, () => HttpResponse.json({ success: true, bookings: [booking('u1', false)], page: 1, pageSize: 25, total: 1 })));
    renderAdmin('/admin/list-bookings');
    const row = (await screen.findByRole('rowheader', { name: 'Customer u1' })).closest('tr')!;
    expect(within(row).getByRole('cell', { name: 'None (never paid)' })).toBeInTheDocument();
  });

  it('filters by payment and pages on the server', async () => {
    admin();
    const queries: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('all-bookings')) queries.push(new URL(request.url).search);
    });
    renderAdmin('/admin/list-bookings');
    expect(await screen.findByText('Page 1 of 3 · 60 bookings')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3 · 60 bookings')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Payment'), 'true');
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Awaiting payment' })).not.toBeInTheDocument());
    expect(queries.at(-1)).toBe('?page=1&pageSize=25&paid=true');
    expect(queries).toContain('?page=2&pageSize=25');
    server.events.removeAllListeners();
  });
});
