import type { DebugBooking } from 'booking-service/contract';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { TEST_API } from 'shared-ui/testing';

export const item = (id: string, over: Partial<DebugBooking> = {}): DebugBooking => ({
  id,
  ticketCode: 'TKT' + id.slice(0, 7).toUpperCase().replace(/[^0-9A-Z]/g, '0'),
  movieTitle: 'Dear Odette',
  amount: 25,
  seats: ['A1', 'A2'],
  createdAt: '2026-12-01T10:00:00.000Z',
  hasPaymentLink: true,
  isPaid: false,
  status: 'held',
  userName: 'Maya Moviegoer',
  userEmail: 'maya@example.com',
  showDateTime: '2026-12-01T19:30:00.000Z',
  ...over,
});

export const UNPAID = item('11111111-aaaa-4000-8000-000000000001', { ticketCode: 'UNPAID7K2M' });
export const PAID = item('22222222-bbbb-4000-8000-000000000002', { ticketCode: 'PAID7K2M9P', isPaid: true, status: 'paid', hasPaymentLink: false });
export const REFUND = item('33333333-cccc-4000-8000-000000000003', {
  ticketCode: 'REFND7K2M9',
  isPaid: false,
  status: 'cancelled',
  refundStatus: 'refunded',
  refundReason: 'Paid after the hold ended and seat A1 was sold meanwhile',
});

const VIEWS: Record<string, DebugBooking[]> = { unpaid: [UNPAID], paid: [PAID], cancelled: [REFUND], all: [UNPAID, PAID, REFUND] };

/** The booking service as the support desk sees it; tests override single calls with server.use(). */
export const server = setupServer(
  http.get(`${TEST_API}/api/admin/is-admin`, () => HttpResponse.json({ success: true, isAdmin: false, isSupport: true })),
  http.get(`${TEST_API}/api/config`, () => HttpResponse.json({ success: true, theatreTimeZone: 'America/New_York' })),
  http.get(`${TEST_API}/api/debug/bookings`, ({ request }) => {
    const url = new URL(request.url);
    const q = url.searchParams.get('q')?.toLowerCase();
    const bookings = (VIEWS[url.searchParams.get('view') ?? 'all'] ?? []).filter((b) => !q || b.userEmail === q || b.ticketCode.toLowerCase() === q || b.id === q);
    return HttpResponse.json({ success: true, bookings, page: Number(url.searchParams.get('page') ?? 1), pageSize: 20, total: bookings.length });
  }),
  http.get(`${TEST_API}/api/debug/bookings/:bookingId/history`, () =>
    HttpResponse.json({
      success: true,
      actions: [{ id: 'a1', kind: 'fix-payment', actorEmail: 'sam@example.com', outcome: 'open', message: 'The customer has not paid yet: the payment session is still open', createdAt: '2026-12-01T10:03:00.000Z' }],
      checkIns: [],
      status: { label: 'Awaiting payment', detail: null },
      timeline: [
        { kind: 'created', at: '2026-12-01T10:00:00.000Z', title: 'Booking created', detail: 'Seats A1, A2 · $25.00', by: 'Maya Moviegoer (maya@example.com)' },
        { kind: 'held', at: '2026-12-01T10:00:00.000Z', title: 'Seats held', detail: 'Held until Dec 1, 2026, 5:10 AM for payment', by: null },
        { kind: 'support-action', at: '2026-12-01T10:03:00.000Z', title: 'Support: Fix Payment', detail: 'The customer has not paid yet: the payment session is still open', by: 'sam@example.com' },
      ],
    }),
  ),
  http.get(`${TEST_API}/api/debug/outbox`, () =>
    HttpResponse.json({
      success: true,
      messages: [
        {
          id: 'm1',
          bookingId: PAID.id,
          kind: 'booking-confirmation',
          toAddress: 'user@example.com',
          subject: 'Your tickets PAID7K2M9P for Dear Odette',
          text: 'Seats: A1, A2',
          html: '<h1>Your tickets</h1><img alt="Ticket QR code" src="data:image/png;base64,iVBORw0KGgo="><script>parent.document.title = "hacked"</script>',
          createdAt: '2026-12-01T10:05:00.000Z',
          sentAt: '2026-12-01T10:05:01.000Z',
        },
      ],
    }),
  ),
  http.post(`${TEST_API}/api/debug/mark-paid`, () => HttpResponse.json({ success: true, outcome: 'paid', message: 'Booking marked as paid and email sent' })),
  http.post(`${TEST_API}/api/debug/test-email`, () => HttpResponse.json({ success: true, message: 'Test email sent to user@example.com' })),
  // The site's remotes.json (the shell's origin) with a canary, and what the shells reported.
  http.get('*/remotes.json', () =>
    HttpResponse.json({
      customer: '/releases/customer/0.1.0-aaaaaaaa/mf-manifest.json',
      versions: { customer: '0.1.0-aaaaaaaa', admin: '0.1.0-cccccccc' },
      canary: { customer: { manifest: '/releases/customer/0.2.0-bbbbbbbb/mf-manifest.json', version: '0.2.0-bbbbbbbb', share: 0.1 } },
    }),
  ),
  http.get(`${TEST_API}/api/remote-events`, () =>
    HttpResponse.json({
      success: true,
      versions: [
        { remote: 'customer', version: '0.1.0-aaaaaaaa', loads: 90, failures: 1 },
        { remote: 'customer', version: '0.2.0-bbbbbbbb', loads: 10, failures: 4 },
      ],
    }),
  ),
  http.post(`${TEST_API}/api/debug/fix-payment`, () =>
    HttpResponse.json({ success: true, outcome: 'open', message: 'The customer has not paid yet: the payment session is still open', booking: UNPAID }),
  ),
);
