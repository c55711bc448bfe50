import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../testing/auth';
import { API, booking, MOVIES } from '../testing/fixtures';
import { renderRoute } from '../testing/render';
import { server } from '../testing/server';

const bookingsAnswer = (bookings: unknown[]) => http.get(`${API}/api/user/bookings`, () => HttpResponse.json({ success: true, bookings }));

describe('/my-bookings', () => {
  afterEach(() => vi.useRealTimers());

  it('asks a visitor to sign in', async () => {
    renderRoute('/my-bookings');
    expect(await screen.findByRole('heading', { name: 'Sign in to see your bookings' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('shows every field of a booking, Pay Now with the time left to pay, and the help box', async () => {
    signIn();
    server.use(bookingsAnswer([booking()]));
    renderRoute('/my-bookings');
    const card = await screen.findByRole('article', { name: MOVIES[0]!.title });
    expect(within(card).getByRole('img', { name: `Poster of ${MOVIES[0]!.title}` })).toBeInTheDocument();
    expect(card).toHaveTextContent('2h 28m');
    expect(card).toHaveTextContent('Tue, Dec 1, 6:30 PM');
    expect(card).toHaveTextContent('$25.50');
    expect(within(card).getByRole('link', { name: 'Pay Now' })).toHaveAttribute('href', booking().paymentLink);
    expect(within(card).getByRole('timer')).toHaveTextContent(/^9:4\d left to pay$/);
    expect(card).toHaveTextContent('Total Tickets2');
    expect(card).toHaveTextContent('Seat NumberC3, C4');
    const help = screen.getByRole('complementary', { name: 'Payment help' });
    expect(help).toHaveTextContent('within 30 seconds');
    // Issue 19: payment help leads to the moviegoers' own help page, not to support's /debug.
    expect(within(help).getByRole('link')).toHaveAttribute('href', '/payment-help');
  });

  it('hides Pay Now when the hold runs out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    server.use(bookingsAnswer([booking({ holdExpiresAt: new Date(Date.now() + 3000).toISOString() })]));
    renderRoute('/my-bookings');
    expect(await screen.findByRole('link', { name: 'Pay Now' })).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4000);
    });
    expect(screen.queryByRole('link', { name: 'Pay Now' })).not.toBeInTheDocument();
    expect(screen.getByText('Not paid in time: the seats are being released. No money was taken.')).toBeInTheDocument();
    // Nothing is owed, and no Check payment: Book again, to that show's seat page.
    expect(screen.getByText(/No charge/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check payment' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book again' }).getAttribute('href')).toMatch(/^\/movies\/\d+\/\d{4}-\d{2}-\d{2}\?show=/);
  });

  it('a cancelled booking says why, shows no amount owed, and offers Book again; a refunded one says Refunded', async () => {
    signIn();
    const { show } = booking();
    server.use(
      bookingsAnswer([
        booking({ _id: 'c1', status: 'cancelled', paymentLink: null, holdExpiresAt: new Date(Date.now() - 60_000).toISOString() }),
        // Cancelled by its owner within the policy and refunded (issue 53): paid, then refunded; never "no money was taken".
        booking({ _id: 'r1', isPaid: false, status: 'cancelled', paymentLink: null, refundStatus: 'refunded', cancelledAt: '2026-11-27T15:30:00.000Z', show: { ...show, movie: MOVIES[1]! } }),
      ]),
    );
    renderRoute('/my-bookings');
    const [cancelled, refunded] = await screen.findAllByRole('article');
    expect(cancelled).toHaveTextContent('Cancelled: not paid');
    expect(cancelled).toHaveTextContent('No charge');
    expect(cancelled).toHaveTextContent('no money was taken');
    expect(within(cancelled!).getByRole('link', { name: 'Book again' })).toBeInTheDocument();
    expect(within(cancelled!).queryByRole('button', { name: 'Check payment' })).not.toBeInTheDocument();
    expect(refunded).toHaveTextContent('Cancelled · Refunded');
    expect(refunded).toHaveTextContent('Paid $25.50; cancelled on Fri, Nov 27, 3:30 PM, and refunded in full to your card. The seats were released.');
    expect(refunded).toHaveTextContent('$25.50');
    expect(refunded).not.toHaveTextContent('no money was taken');
    expect(refunded).not.toHaveTextContent('No charge');
  });

  it('lists the live tickets first and keeps past, cancelled and refunded bookings under a closed "Past and cancelled" line', async () => {
    signIn();
    const { show } = booking();
    server.use(
      bookingsAnswer([
        booking({ _id: 'c1', status: 'cancelled', paymentLink: null, holdExpiresAt: new Date(Date.now() - 60_000).toISOString() }),
        booking({ _id: 'p1', isPaid: true, status: 'paid', paymentLink: null, show: { ...show, movie: MOVIES[1]! } }),
        booking({ _id: 'old', isPaid: true, status: 'paid', paymentLink: null, show: { ...show, showDateTime: '2026-01-10T18:30:00.000Z', movie: MOVIES[2]! } }),
      ]),
    );
    renderRoute('/my-bookings');
    const upcoming = await screen.findByRole('list', { name: 'Upcoming bookings' });
    expect(within(upcoming).getAllByRole('article').map((a) => a.getAttribute('aria-label') ?? a.textContent)).toHaveLength(1);
    expect(within(upcoming).getByRole('article', { name: MOVIES[1]!.title })).toBeInTheDocument();
    const earlier = screen.getByText('Past and cancelled bookings (2)').closest('details')!;
    expect(earlier.open).toBe(false);
    expect(within(earlier).getByRole('article', { name: MOVIES[0]!.title })).toHaveTextContent('Cancelled: not paid');
    expect(within(earlier).getByRole('article', { name: MOVIES[2]!.title })).toBeInTheDocument();
    // Nothing held: no payment help at all.
    expect(screen.queryByRole('complementary', { name: 'Payment help' })).not.toBeInTheDocument();
  });

  it('shows no Pay Now for a paid booking, or an unpaid one without a link; hides bookings missing show, movie or seats', async () => {
    signIn();
    const { show } = booking();
    server.use(
      bookingsAnswer([
        booking({ _id: 'p1', isPaid: true, status: 'paid', paymentLink: null, show: { ...show, movie: MOVIES[1]! } }),
        booking({ _id: 'u1', paymentLink: null, show: { ...show, movie: MOVIES[2]! } }),
        { ...booking({ _id: 'x1' }), show: null },
        booking({ _id: 'x2', bookedSeats: [] }),
      ]),
    );
    renderRoute('/my-bookings');
    await screen.findByRole('article', { name: MOVIES[1]!.title });
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Pay Now' })).not.toBeInTheDocument();
  });

  it('says when a paid booking was admitted at the door, and nothing before', async () => {
    signIn();
    const { show } = booking();
    const admittedAt = new Date(new Date(show.showDateTime).getTime() - 18 * 60_000).toISOString();
    server.use(
      bookingsAnswer([
        booking({ _id: 'in', isPaid: true, status: 'paid', paymentLink: null, admittedAt }),
        booking({ _id: 'out', isPaid: true, status: 'paid', paymentLink: null, admittedAt: null, show: { ...show, movie: MOVIES[1]! } }),
      ]),
    );
    renderRoute('/my-bookings');
    expect(await screen.findByRole('article', { name: MOVIES[0]!.title })).toHaveTextContent('Admitted 6:12 PM');
    expect(screen.getByRole('article', { name: MOVIES[1]!.title })).not.toHaveTextContent('Admitted');
  });

  it('opens the e-ticket of a paid booking: the QR code from ticketCode, or the booking reference', async () => {
    signIn();
    const { show } = booking();
    server.use(
      bookingsAnswer([
        booking({ _id: 'paid-with-code', isPaid: true, status: 'paid', paymentLink: null, ticketCode: 'MRQ-7F3A-19C2' }),
        booking({ _id: 'paid-without-code', isPaid: true, status: 'paid', paymentLink: null, show: { ...show, movie: MOVIES[1]! } }),
      ]),
    );
    renderRoute('/my-bookings');
    const [first, second] = await screen.findAllByRole('article');
    await userEvent.click(within(first!).getByRole('button', { name: 'Show e-ticket' }));
    const qr = within(first!).getByRole('img', { name: 'Ticket QR code MRQ-7F3A-19C2' });
    // The code as text under the QR (issue 53), and the booking's state in the words every page uses.
    expect(qr.closest('figure')!.querySelector('figcaption')).toHaveTextContent(/^MRQ-7F3A-19C2$/);
    expect(within(first!).getByRole('region', { name: `E-ticket for ${MOVIES[0]!.title}` })).toHaveTextContent('StatusPaid');
    await userEvent.click(within(second!).getByRole('button', { name: 'Show e-ticket' }));
    expect(within(second!).getByText('Booking reference')).toBeInTheDocument();
    expect(within(second!).getByText('paid-without-code')).toBeInTheDocument();
    expect(within(second!).queryByRole('img', { name: /QR/ })).not.toBeInTheDocument();
  });

  it("a refunded booking's e-ticket says it was paid and refunded, with the amount and date, shows its code as not valid and no QR", async () => {
    signIn();
    server.use(
      bookingsAnswer([
        booking({ _id: 'r1', isPaid: false, status: 'cancelled', paymentLink: null, refundStatus: 'refunded', ticketCode: 'R7K2M9P4QT', cancelledAt: '2026-11-27T15:30:00.000Z' }),
      ]),
    );
    renderRoute('/my-bookings');
    const card = await screen.findByRole('article');
    expect(within(card).queryByRole('button', { name: 'Add to calendar' })).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Show e-ticket' }));
    const ticket = within(card).getByRole('region', { name: `E-ticket for ${MOVIES[0]!.title}` });
    expect(ticket).toHaveTextContent('Cancelled · Refunded');
    expect(ticket).toHaveTextContent('Paid $25.50; cancelled on Fri, Nov 27, 3:30 PM, and refunded in full to your card.');
    expect(ticket).toHaveTextContent('This ticket is no longer valid');
    expect(ticket).toHaveTextContent('R7K2M9P4QT (not valid)');
    expect(ticket).not.toHaveTextContent('no money was taken');
    expect(within(ticket).queryByRole('img', { name: /QR/ })).not.toBeInTheDocument();
  });

  it('downloads an .ics calendar event for a paid booking', async () => {
    signIn();
    server.use(bookingsAnswer([booking({ isPaid: true, status: 'paid', paymentLink: null })]));
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:ics';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    renderRoute('/my-bookings');
    await userEvent.click(await screen.findByRole('button', { name: 'Add to calendar' }));
    expect(clicks[0]).toMatch(/^movie-1001-aaaaaaaa\.ics$/);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(created[0]!);
    });
    expect(text).toContain('BEGIN:VEVENT');
    expect(text).toContain('DTSTART:20261201T183000Z');
    expect(text).toContain('DTEND:20261201T205800Z');
    expect(text).toContain('SUMMARY:Movie 1001 (Marquee)');
    expect(text).toContain('Seats: C3\\, C4');
  });

  it('says No bookings found with Browse Movies', async () => {
    signIn();
    renderRoute('/my-bookings');
    expect(await screen.findByRole('heading', { name: 'No bookings found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Movies' })).toHaveAttribute('href', '/movies');
  });

  it('refreshes on demand and retries after an error', async () => {
    signIn();
    let answer: 'fail' | 'empty' | 'one' = 'fail';
    server.use(
      http.get(`${API}/api/user/bookings`, () =>
        answer === 'fail'
          ? HttpResponse.json({ success: false, message: 'Bookings unavailable' }, { status: 500 })
          : HttpResponse.json({ success: true, bookings: answer === 'one' ? [booking()] : [] }),
      ),
    );
    renderRoute('/my-bookings');
    expect(await screen.findByRole('alert')).toHaveTextContent('Bookings unavailable');
    answer = 'empty';
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'No bookings found' })).toBeInTheDocument();
    answer = 'one';
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('article')).toBeInTheDocument();
  });
});
