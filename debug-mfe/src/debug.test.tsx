import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { currentLocation, renderWithProviders, signIn, TEST_API } from 'shared-ui/testing';
import DebugRoutes from './exposes/routes';
import { PAID, REFUND, server, UNPAID } from './testing/server';

const support = () => signIn({ name: 'Sam Support', email: 'support@example.com' });
const renderDebug = (path = '/debug') =>
  renderWithProviders(
    <Routes>
      <Route path="/debug/*" element={<DebugRoutes />} />
      <Route path="/" element={<p>Home page</p>} />
    </Routes>,
    path,
  );
const bookingsTable = () => screen.findByRole('table');

describe('support desk gate and chrome', () => {
  it('asks a signed-out visitor to sign in', async () => {
    renderDebug();
    expect(await screen.findByRole('heading', { name: 'Support desk' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('turns a user without the support role away as admin does: a toast and back to the home page, nothing of the desk shown', async () => {
    signIn();
    server.use(http.get(`${TEST_API}/api/admin/is-admin`, () => HttpResponse.json({ success: true, isAdmin: true, isSupport: false })));
    renderDebug();
    expect(await screen.findByText('You are not authorized to access the support desk')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(screen.queryByRole('navigation', { name: 'Support' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('runs in the staff chrome: brand, the user, Sign out and the desk pages', async () => {
    support();
    renderDebug();
    const nav = await screen.findByRole('navigation', { name: 'Support' });
    expect(within(nav).getAllByRole('link').map((l) => l.textContent)).toEqual(['Bookings', 'Refunds', 'Outbox', 'Releases', 'Waiting Room', 'Integrity']);
    expect(screen.getByText('Sam Support')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });
});

describe('bookings', () => {
  it('opens on unpaid bookings (cancelled ones left out), with the ticket code, email and show in the theatre time zone', async () => {
    support();
    const views: (string | null)[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/api/debug/bookings?')) views.push(new URL(request.url).searchParams.get('view'));
    });
    renderDebug();
    const table = await bookingsTable();
    const row = within(table).getByText(UNPAID.ticketCode).closest('tr')!;
    expect(within(row).getByText('maya@example.com')).toBeInTheDocument();
    // 19:30 UTC is 2:30 PM in New York, the theatre's zone.
    // The show's title over its time, in one cell.
    expect(await within(row).findByText('Dear Odette')).toBeInTheDocument();
    expect(within(row).getByText('Tue, Dec 1, 2:30 PM')).toBeInTheDocument();
    expect(within(table).queryByText(REFUND.ticketCode)).not.toBeInTheDocument();
    expect(views[0]).toBe('unpaid');
    server.events.removeAllListeners();
  });

  it('searches by ticket code on the server and keeps the search in the URL', async () => {
    support();
    renderDebug();
    await bookingsTable();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'paid7k2m9p');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(currentLocation()).toBe('/debug?q=paid7k2m9p'));
    const table = await bookingsTable();
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByText(PAID.ticketCode)).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'cancelled');
    expect(await screen.findByText(/No cancelled booking matches/)).toBeInTheDocument();
  });

  it('lists cancelled bookings only under their own view', async () => {
    support();
    renderDebug('/debug?view=cancelled');
    const table = await bookingsTable();
    expect(within(table).getByText(REFUND.ticketCode)).toBeInTheDocument();
    expect(within(table).queryByText(UNPAID.ticketCode)).not.toBeInTheDocument();
  });

  it('asks before Mark as Paid, naming the booking, and does nothing on Cancel', async () => {
    support();
    let calls = 0;
    server.use(http.post(`${TEST_API}/api/debug/mark-paid`, () => (calls++, HttpResponse.json({ success: true, outcome: 'paid', message: 'Booking marked as paid and email sent' }))));
    renderDebug();
    const table = await bookingsTable();
    await userEvent.click(within(table).getByRole('button', { name: `Mark as Paid: booking ${UNPAID.ticketCode}` }));
    const dialog = screen.getByRole('dialog', { name: 'Mark this booking as paid?' });
    for (const fact of [UNPAID.ticketCode, 'maya@example.com', 'Dear Odette · Tue, Dec 1, 2:30 PM', '$25.00']) expect(within(dialog).getByText(fact)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    // Focus stays in the dialog, and Escape closes it.
    await userEvent.tab();
    expect(within(dialog).getByRole('button', { name: 'Mark as Paid' })).toHaveFocus();
    await userEvent.tab();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(table).getByRole('button', { name: `Mark as Paid: booking ${UNPAID.ticketCode}` })).toHaveFocus();
    await userEvent.click(within(table).getByRole('button', { name: `Mark as Paid: booking ${UNPAID.ticketCode}` }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toBe(0);

    await userEvent.click(within(table).getByRole('button', { name: `Mark as Paid: booking ${UNPAID.ticketCode}` }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Mark as Paid' }));
    const toast = await screen.findByText('Booking marked as paid and email sent!');
    expect(toast.closest('.staff-toast--success')).not.toBeNull();
    expect(calls).toBe(1);
  });

  it('colours Fix Payment by outcome: "the customer has not paid yet" is a warning, not a success', async () => {
    support();
    renderDebug();
    const table = await bookingsTable();
    await userEvent.click(within(table).getByRole('button', { name: `Fix Payment: booking ${UNPAID.ticketCode}` }));
    await userEvent.click(within(screen.getByRole('dialog', { name: /Check this booking's payment/ })).getByRole('button', { name: 'Fix Payment' }));
    const toast = await screen.findByText('The customer has not paid yet: the payment session is still open');
    expect(toast.closest('.staff-toast--warning')).not.toBeNull();
    expect(toast.closest('.staff-toast--success')).toBeNull();
  });

  it('says a refused action as an error, and sends a test email without asking', async () => {
    support();
    server.use(http.post(`${TEST_API}/api/debug/mark-paid`, () => HttpResponse.json({ success: false, message: 'This booking was cancelled and its seats released; it cannot be marked paid' }, { status: 409 })));
    renderDebug();
    const table = await bookingsTable();
    await userEvent.click(within(table).getByRole('button', { name: `Mark as Paid: booking ${UNPAID.ticketCode}` }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Mark as Paid' }));
    const toast = await screen.findByText(/^Failed to mark as paid/);
    expect(toast.closest('.staff-toast--error')).not.toBeNull();
    await userEvent.click(within(table).getByRole('button', { name: `Test Email: booking ${UNPAID.ticketCode}` }));
    expect(await screen.findByText('Test email sent successfully!')).toBeInTheDocument();
  });

  it("shows the booking's history: who did what, and what came of it", async () => {
    support();
    renderDebug();
    const table = await bookingsTable();
    await userEvent.click(within(table).getByRole('button', { name: `History: booking ${UNPAID.ticketCode}` }));
    const history = await screen.findByRole('region', { name: `History of booking ${UNPAID.ticketCode}` });
    expect(await within(history).findByText('Support: Fix Payment')).toBeInTheDocument();
    expect(within(history).getByText(/by sam@example.com/)).toBeInTheDocument();
    expect(within(history).getByText('The customer has not paid yet: the payment session is still open')).toBeInTheDocument();
  });

  it("shows one timeline per booking: each door scan, the owner's cancellation, the refund, a time not recorded said so, on the show's clock", async () => {
    support();
    server.use(
      http.get(`${TEST_API}/api/debug/bookings/:bookingId/history`, () =>
        HttpResponse.json({
          success: true,
          actions: [],
          checkIns: [],
          status: { label: 'Cancelled · Refunded', detail: 'Paid $25.00; cancelled on Dec 1, 2026, 6:00 AM, and refunded in full to your card. The seats were released.' },
          timeline: [
            { kind: 'paid', at: '2026-12-01T10:01:00.000Z', title: 'Paid', detail: '$25.00 through Stripe', by: 'Maya Moviegoer (maya@example.com)' },
            { kind: 'door-scan', at: '2026-12-01T10:20:00.000Z', title: 'Refused: too early, the doors were not open for this show yet', detail: 'At Door 2', by: 'Dora' },
            { kind: 'door-scan', at: '2026-12-01T10:30:00.000Z', title: 'Scanned again: already admitted', detail: 'At Door 2', by: 'Dora' },
            { kind: 'cancelled', at: '2026-12-01T11:00:00.000Z', title: 'Cancelled by the moviegoer', detail: 'Within the cancellation policy: the seats were released', by: 'Maya Moviegoer (maya@example.com)' },
            { kind: 'refund-settled', at: null, title: 'Refund settled', detail: '$25.00 refunded to the card', by: null },
          ],
        }),
      ),
    );
    renderDebug();
    const table = await bookingsTable();
    await userEvent.click(within(table).getByRole('button', { name: `History: booking ${UNPAID.ticketCode}` }));
    const history = await screen.findByRole('region', { name: `History of booking ${UNPAID.ticketCode}` });
    const entries = within(await within(history).findByRole('list', { name: 'Timeline' })).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'Paid by Maya Moviegoer (maya@example.com) · Tue, Dec 1, 5:01 AM$25.00 through Stripe',
      'Refused: too early, the doors were not open for this show yet by Dora · Tue, Dec 1, 5:20 AMAt Door 2',
      'Scanned again: already admitted by Dora · Tue, Dec 1, 5:30 AMAt Door 2',
      'Cancelled by the moviegoer by Maya Moviegoer (maya@example.com) · Tue, Dec 1, 6:00 AMWithin the cancellation policy: the seats were released',
      'Refund settled · time not recorded$25.00 refunded to the card',
    ]);
    expect(within(history).getByText('Now: Cancelled · Refunded')).toBeInTheDocument();
    expect(within(history).queryByText('No support action yet.')).not.toBeInTheDocument();
  });

  it("says a refunded booking's row in the lists' words: paid, the amount refunded, when cancelled", async () => {
    support();
    const refunded = { ...REFUND, id: '44444444-dddd-4000-8000-000000000004', ticketCode: 'RFD7K2M9PQ', refundReason: null, cancelledAt: '2026-12-01T11:00:00.000Z', showTimeZone: 'Asia/Kolkata' };
    server.use(
      http.get(`${TEST_API}/api/debug/bookings`, () =>
        HttpResponse.json({ success: true, bookings: [refunded], page: 1, pageSize: 20, total: 1, totals: { paid: { count: 0, amount: 0 }, refunded: { count: 1, amount: 25 }, refundPending: { count: 0, amount: 0 }, unpaid: { count: 0 } } }),
      ),
    );
    renderDebug();
    const table = await bookingsTable();
    const row = within(table).getByRole('rowheader', { name: 'RFD7K2M9PQ' }).closest('tr')!;
    expect(within(row).getByRole('cell', { name: '$25.00 refunded' })).toBeInTheDocument();
    const status = within(row).getByText('Cancelled · Refunded').closest('td')!;
    expect(status).toHaveTextContent('Paid $25.00; cancelled on Tue, Dec 1, 4:30 PM, and refunded in full');
    expect(status).not.toHaveTextContent(/no money was taken/);
    expect(screen.getByText(/· 1 booking$/)).toBeInTheDocument();
    // The same totals as List Bookings'.
    expect(screen.getByLabelText('Totals of these bookings, every page')).toHaveTextContent('Refunded1 · $25.00');
  });

  it('toasts when the list cannot be fetched, and offers Retry', async () => {
    support();
    server.use(http.get(`${TEST_API}/api/debug/bookings`, () => HttpResponse.json({ success: false, message: 'down' }, { status: 503 })));
    renderDebug();
    expect(await screen.findAllByText('Failed to fetch bookings')).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('refunds, outbox and releases', () => {
  it('lists refunds with their reason', async () => {
    support();
    renderDebug('/debug/refunds');
    const refunds = await screen.findByRole('table', { name: 'Bookings flagged for refund' });
    expect(within(refunds).getByText('Refunded')).toBeInTheDocument();
    expect(within(refunds).getByText(REFUND.refundReason!)).toBeInTheDocument();
  });

  it('shows an email as sent: its HTML in a sandboxed frame that runs no script', async () => {
    support();
    renderDebug('/debug/outbox');
    await userEvent.click(await screen.findByText('Your tickets PAID7K2M9P for Dear Odette'));
    const frame = screen.getByTitle('Email: Your tickets PAID7K2M9P for Dear Odette');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('alt="Ticket QR code"');
  });

  it("shows each remote's live release, a canary's share of browsers, and the loads and failures per release", async () => {
    support();
    renderDebug('/debug/releases');
    const releases = await screen.findByRole('table', { name: 'Live releases of the remotes' });
    const rowOf = async (version: string) => (await within(releases).findByText(version)).closest('tr')!;
    const cells = async (version: string) => within(await rowOf(version)).getAllByRole('cell').map((cell) => cell.textContent);
    expect(await cells('0.1.0-aaaaaaaa')).toEqual(['customer', '0.1.0-aaaaaaaa', 'Live', '90 %', '90', '1']);
    expect(await cells('0.2.0-bbbbbbbb')).toEqual(['customer', '0.2.0-bbbbbbbb', 'Canary', '10 %', '10', '4']);
    expect(await cells('0.1.0-cccccccc')).toEqual(['admin', '0.1.0-cccccccc', 'Live', '100 %', '0', '0']);
    expect(await cells('unknown')).toEqual(['debug', 'unknown', 'Live', '100 %', '0', '0']);
  });
});

// PAID appears in the "all" view only; referenced so the fixture's purpose stays visible.
void PAID;

describe('waiting room', () => {
  const EVENT = { id: 'e1', name: 'Opening night', onSaleAt: '2026-12-01T10:00:00.000Z', waitingRoom: true, shoppingCapacity: 1, windowMinutes: 10, paused: false, showIds: ['s1'], soldOut: false };
  const entry = (state: 'waiting' | 'shopping') => ({
    accountId: 'local|stuck@example.com',
    state,
    joinedAt: '2026-12-01T10:00:05.000Z',
    place: 2,
    position: state === 'waiting' ? 1 : null,
    windowEndsAt: state === 'shopping' ? '2026-12-01T10:20:00.000Z' : null,
  });

  it('shows the latest on-sale event first, and another when support picks it', async () => {
    support();
    const MATINEE = { ...EVENT, id: 'e0', name: 'Matinee' };
    const figures = { preQueue: 0, waiting: 0, shopping: 0, admittedLastMinute: 0, seats: 90, seatsLeft: 90 };
    server.use(
      http.get(`${TEST_API}/api/debug/waiting-room`, () => HttpResponse.json({ success: true, events: [MATINEE, EVENT] })),
      http.get(`${TEST_API}/api/debug/waiting-room/:eventId`, ({ params }) => HttpResponse.json({ success: true, event: params.eventId === 'e0' ? MATINEE : EVENT, figures })),
      http.get(`${TEST_API}/api/debug/waiting-room/:eventId/actions`, () => HttpResponse.json({ success: true, actions: [] })),
    );
    renderDebug('/debug/waiting-room');
    expect(await screen.findByRole('heading', { name: 'Opening night' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Event' }), 'Matinee');
    expect(await screen.findByRole('heading', { name: 'Matinee' })).toBeInTheDocument();
  });

  it('closes the confirmation once the service has admitted, keeping the entry on screen while it refreshes', async () => {
    support();
    let admitted = false;
    let releaseRefresh = () => {};
    const refreshHeld = new Promise<void>((resolve) => (releaseRefresh = resolve));
    server.use(
      http.get(`${TEST_API}/api/debug/waiting-room`, () => HttpResponse.json({ success: true, events: [EVENT] })),
      http.get(`${TEST_API}/api/debug/waiting-room/e1`, () =>
        HttpResponse.json({ success: true, event: EVENT, figures: { preQueue: 0, waiting: 1, shopping: 1, admittedLastMinute: 1, seats: 90, seatsLeft: 90 } }),
      ),
      http.get(`${TEST_API}/api/debug/waiting-room/e1/actions`, () => HttpResponse.json({ success: true, actions: [] })),
      http.get(`${TEST_API}/api/debug/waiting-room/e1/entry`, async () => {
        // The refresh after the admission answers only when the test says.
        if (admitted) await refreshHeld;
        return HttpResponse.json({ success: true, entry: entry(admitted ? 'shopping' : 'waiting') });
      }),
      http.post(`${TEST_API}/api/debug/waiting-room/e1/admit`, () => {
        admitted = true;
        return HttpResponse.json({ success: true, entry: entry('shopping') });
      }),
    );
    renderDebug('/debug/waiting-room');
    const lookup = async () => within(await screen.findByRole('region', { name: "A moviegoer's place" }));
    await userEvent.type(await screen.findByLabelText('Email or account id'), 'stuck@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await (await lookup()).findByText('Waiting')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Admit now' }));
    const dialog = screen.getByRole('dialog', { name: 'Admit this moviegoer now, out of turn?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Admit' }));
    // Admitted: the dialog closes at once; the entry stays on screen (no skeleton) until its refresh answers.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect((await lookup()).getByText('Waiting')).toBeInTheDocument();
    releaseRefresh();
    expect(await (await lookup()).findByText('Shopping (admitted)')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
