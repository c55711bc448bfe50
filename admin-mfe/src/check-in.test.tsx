import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import { currentLocation, renderWithProviders, signIn, TEST_API } from 'shared-ui/testing';
import AdminRoutes from './exposes/routes';
import { repeatFilter } from './features/check-in/lib/repeat-filter';
import { server } from './testing/server';

const SHOW_ID = '7d3c1f3e-1111-4222-8333-444455556666';
const admission = {
  bookingId: 'b1', showId: SHOW_ID, movieTitle: 'Dear Odette', showDateTime: '2026-11-28T00:30:00.000Z', showTime: '7:30 PM',
  hall: 'Main hall', seats: ['F3', 'F4'], tickets: 2, door: 'Door 2', admittedAt: '2026-11-28T00:12:00.000Z',
};

const cinema = (id: string, name: string, city: string) => ({
  _id: id, name, city, address: '1 Road', mapUrl: 'https://www.openstreetmap.org/search?query=1', timeZone: 'Asia/Kolkata', phone: '+91 22 5550 1401', facilities: [],
  screens: [{ _id: `${id}-1`, name: 'Screen 1', format: 'Standard', seatCount: 90 }],
});
const CHAIN = [cinema('marquee-marine-drive', 'Marquee Marine Drive', 'Mumbai'), cinema('marquee-saket-central', 'Marquee Saket Central', 'Delhi')];

const renderAt = (path: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/admin/*" element={<AdminRoutes />} />
      <Route path="/" element={<p>Home page</p>} />
    </Routes>,
    path,
  );

function doorAttendant() {
  signIn({ name: 'Dana Door', email: 'door@example.com' });
  server.use(http.get(`${TEST_API}/api/admin/is-admin`, () => HttpResponse.json({ success: true, isAdmin: false, isSupport: false, isDoor: true })));
}

/** The service's check-in answering `answers` in turn; the bodies sent are kept. */
function checkInAnswers(...answers: { status: number; body: object }[]) {
  const sent: { code: string; door: string; cinemaId?: string }[] = [];
  let admitted = 0;
  server.use(
    http.post(`${TEST_API}/api/admin/check-in`, async ({ request }) => {
      sent.push((await request.json()) as { code: string; door: string; cinemaId?: string });
      const answer = answers.shift()!;
      if (answer.status === 200) admitted += 2;
      return HttpResponse.json(answer.body, { status: answer.status });
    }),
    http.get(`${TEST_API}/api/admin/check-in/shows/:showId`, ({ params }) => HttpResponse.json({ success: true, showId: params.showId, admitted, sold: 5 })),
  );
  return sent;
}

beforeEach(() => localStorage.clear());

describe('check-in at the door', () => {
  it('lets a door attendant in to the check-in screen alone: any admin path leads there, one tab', async () => {
    doorAttendant();
    renderAt('/admin/list-bookings');
    expect(await screen.findByLabelText('Which door is this phone at?')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/admin/check-in'));
    expect(within(screen.getByRole('navigation', { name: 'Door' })).getAllByRole('link').map((a) => a.textContent)).toEqual(['Check-in']);
  });

  it('takes a door attendant from the admin home to check-in too', async () => {
    doorAttendant();
    renderAt('/admin');
    expect(await screen.findByLabelText('Which door is this phone at?')).toBeInTheDocument();
    expect(currentLocation()).toBe('/admin/check-in');
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('asks for the door once, keeps it, and shows a typed code admitted in green with seats, show and the live count', async () => {
    doorAttendant();
    const sent = checkInAnswers({ status: 200, body: { success: true, message: 'Admitted: 2 tickets', admission } });
    const user = userEvent.setup();
    const { unmount } = renderAt('/admin/check-in');
    await user.type(await screen.findByLabelText('Which door is this phone at?'), 'Door 2');
    await user.click(screen.getByRole('button', { name: 'Start scanning' }));
    expect(screen.getByRole('heading', { name: 'Check-in · Door 2' })).toBeInTheDocument();
    expect(localStorage.getItem('admin.check-in.door')).toBe('Door 2');
    expect(screen.getByText('No camera: type the ticket code below')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Ticket code'), '7k2m9p4qrt{Enter}');
    const result = screen.getByRole('region', { name: 'Scan result' });
    await waitFor(() => expect(result).toHaveTextContent('Admitted'));
    expect(result).toHaveAttribute('aria-live', 'assertive');
    expect(result).toHaveAttribute('data-kind', 'admitted');
    expect(result).toHaveTextContent('Seats F3, F4');
    expect(result).toHaveTextContent('2 tickets · Dear Odette · 7:30 PM · Main hall');
    expect(sent).toEqual([{ code: '7k2m9p4qrt', door: 'Door 2' }]);
    expect(await screen.findByText(/of/, { selector: '.check-in__count' })).toHaveTextContent('Dear Odette, 7:30 PM: 2 of 5 admitted');
    expect(screen.getByLabelText('Ticket code')).toHaveValue('');

    unmount();
    renderAt('/admin/check-in');
    expect(await screen.findByRole('heading', { name: 'Check-in · Door 2' })).toBeInTheDocument();
  });

  it('shows a refusal in red with the service\'s reason', async () => {
    doorAttendant();
    localStorage.setItem('admin.check-in.door', 'Door 1');
    const reason = 'Already admitted at 7:42 PM at Door 2 by Dana Door';
    checkInAnswers({ status: 409, body: { success: false, message: reason, outcome: 'already-admitted', booking: { bookingId: 'b1', movieTitle: 'Dear Odette', showDateTime: admission.showDateTime, seats: ['F3'] } } });
    const user = userEvent.setup();
    renderAt('/admin/check-in');
    await user.type(await screen.findByLabelText('Ticket code'), 'TICKET:7K2M9P4QRT{Enter}');
    const result = screen.getByRole('region', { name: 'Scan result' });
    await waitFor(() => expect(result).toHaveAttribute('data-kind', 'refused'));
    expect(result).toHaveTextContent('Not admitted');
    expect(result).toHaveTextContent(reason);
    expect(result).toHaveTextContent('Dear Odette · Seats F3');
  });

  it('keeps a mistyped code in the field, selected and repeated in the answer, so it is corrected rather than retyped', async () => {
    doorAttendant();
    localStorage.setItem('admin.check-in.door', 'Door 1');
    const sent = checkInAnswers(
      { status: 404, body: { success: false, message: 'No ticket has this code' } },
      { status: 200, body: { success: true, message: 'Admitted: 2 tickets', admission } },
    );
    const user = userEvent.setup();
    renderAt('/admin/check-in');
    const field = await screen.findByLabelText('Ticket code');
    await user.type(field, '7K2M9P4QRY{Enter}');
    const result = screen.getByRole('region', { name: 'Scan result' });
    await waitFor(() => expect(result).toHaveAttribute('data-kind', 'refused'));
    expect(result).toHaveTextContent('No ticket has this code');
    expect(result).toHaveTextContent('Code 7K2M9P4QRY');
    expect(field).toHaveValue('7K2M9P4QRY');
    await waitFor(() => expect(field).toHaveFocus());
    // The last character corrected in place: Backspace at the end, the right one typed, sent again.
    await user.type(field, '{End}{Backspace}T{Enter}');
    await waitFor(() => expect(result).toHaveAttribute('data-kind', 'admitted'));
    expect(sent.map((scan) => scan.code)).toEqual(['7K2M9P4QRY', '7K2M9P4QRT']);
    expect(field).toHaveValue('');
  });

  it('asks a door at a chain for its cinema, sends it with every scan, and shows a ticket for another cinema refused with where it is valid', async () => {
    doorAttendant();
    server.use(http.get(`${TEST_API}/api/cinemas`, () => HttpResponse.json({ success: true, cities: ['Mumbai', 'Delhi'], cinemas: CHAIN })));
    const reason = 'Another cinema: this ticket is for Marquee Saket Central, Screen 2';
    const sent = checkInAnswers(
      { status: 409, body: { success: false, message: reason, outcome: 'another-cinema', booking: { bookingId: 'b1', movieTitle: 'Dear Odette', showDateTime: admission.showDateTime, seats: ['A1'] } } },
      { status: 200, body: { success: true, message: 'Admitted: 2 tickets', admission } },
    );
    const user = userEvent.setup();
    const { unmount } = renderAt('/admin/check-in');
    await user.selectOptions(await screen.findByLabelText('Which cinema is this door at?'), 'Marquee Marine Drive · Mumbai');
    await user.type(screen.getByLabelText('Which door is this phone at?'), 'Door 2');
    await user.click(screen.getByRole('button', { name: 'Start scanning' }));
    expect(screen.getByRole('heading', { name: 'Check-in · Marquee Marine Drive · Door 2' })).toBeInTheDocument();
    expect(localStorage.getItem('admin.check-in.cinema')).toBe('marquee-marine-drive');

    await user.type(screen.getByLabelText('Ticket code'), 'K2M9P4QRT7{Enter}');
    const result = screen.getByRole('region', { name: 'Scan result' });
    await waitFor(() => expect(result).toHaveAttribute('data-kind', 'refused'));
    expect(result).toHaveTextContent(reason);
    await user.clear(screen.getByLabelText('Ticket code'));
    await user.type(screen.getByLabelText('Ticket code'), '7K2M9P4QRT{Enter}');
    await waitFor(() => expect(result).toHaveAttribute('data-kind', 'admitted'));
    expect(sent).toEqual([
      { code: 'K2M9P4QRT7', door: 'Door 2', cinemaId: 'marquee-marine-drive' },
      { code: '7K2M9P4QRT', door: 'Door 2', cinemaId: 'marquee-marine-drive' },
    ]);

    // "Change door" offers both again, as chosen.
    await user.click(screen.getByRole('button', { name: 'Change door' }));
    expect(screen.getByLabelText('Which cinema is this door at?')).toHaveValue('marquee-marine-drive');
    expect(screen.getByLabelText('Which door is this phone at?')).toHaveValue('Door 2');
    unmount();
  });

  it('asks a phone set up before cinemas (a door kept, no cinema) for its cinema, the door filled in', async () => {
    doorAttendant();
    localStorage.setItem('admin.check-in.door', 'Door 4');
    server.use(http.get(`${TEST_API}/api/cinemas`, () => HttpResponse.json({ success: true, cities: ['Mumbai', 'Delhi'], cinemas: CHAIN })));
    renderAt('/admin/check-in');
    expect(await screen.findByLabelText('Which cinema is this door at?')).toHaveValue('');
    expect(screen.getByLabelText('Which door is this phone at?')).toHaveValue('Door 4');
  });

  it('scans with the door alone where the service has no cinemas (older than them): no cinema asked or sent', async () => {
    doorAttendant();
    server.use(http.get(`${TEST_API}/api/cinemas`, () => HttpResponse.json({ success: false, message: 'Not Found' }, { status: 404 })));
    const sent = checkInAnswers({ status: 200, body: { success: true, message: 'Admitted: 2 tickets', admission } });
    const user = userEvent.setup();
    renderAt('/admin/check-in');
    await user.type(await screen.findByLabelText('Which door is this phone at?'), 'Door 1');
    expect(screen.queryByLabelText('Which cinema is this door at?')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start scanning' }));
    await user.type(screen.getByLabelText('Ticket code'), '7K2M9P4QRT{Enter}');
    await waitFor(() => expect(sent).toEqual([{ code: '7K2M9P4QRT', door: 'Door 1' }]));
  });

  it('keeps the admin\'s tabs and adds Check-in', async () => {
    signIn({ name: 'Theo Theatre', email: 'admin@example.com' });
    renderAt('/admin/check-in');
    expect(await screen.findByLabelText('Which door is this phone at?')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Check-in' })).toBeInTheDocument();
  });
});

describe('repeatFilter', () => {
  it('drops the same code re-read within the window, and takes it again after it or after another code', () => {
    let now = 0;
    const isNew = repeatFilter(2000, () => now);
    expect(isNew('A')).toBe(true);
    now = 500;
    expect(isNew('A')).toBe(false);
    now = 2400; // read continuously: still the same ticket in front of the camera
    expect(isNew('A')).toBe(false);
    expect(isNew('B')).toBe(true);
    expect(isNew('A')).toBe(true);
    now = 10_000;
    expect(isNew('A')).toBe(true);
  });
});
