import type { DebugBooking } from 'booking-service/contract';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { TEST_API } from 'shared-ui/testing';

export const item = (id: string, over: Partial<DebugBooking> = {}): DebugBooking => ({
  id,
  movieTitle: 'Dear Odette',
  amount: 25,
  seats: ['A1', 'A2'],
  createdAt: '2026-12-01T10:00:00.000Z',
  hasPaymentLink: true,
  isPaid: false,
  status: 'held',
  userName: 'Maya Moviegoer',
  showDateTime: '2026-12-01T19:30:00.000Z',
  ...over,
});

export const UNPAID = item('11111111-aaaa-4000-8000-000000000001');
export const PAID = item('22222222-bbbb-4000-8000-000000000002', { isPaid: true, status: 'paid', hasPaymentLink: false });
export const REFUND = item('33333333-cccc-4000-8000-000000000003', {
  isPaid: true,
  status: 'paid',
  refundStatus: 'refunded',
  refundReason: 'Paid after the hold ended and seat A1 was sold meanwhile',
});

/** The booking service as the support desk sees it; tests override single calls with server.use(). */
export const server = setupServer(
  http.get(`${TEST_API}/api/debug/bookings`, () => HttpResponse.json({ success: true, bookings: [UNPAID, PAID, REFUND] })),
  http.get(`${TEST_API}/api/debug/unpaid-bookings`, () => HttpResponse.json({ success: true, unpaidBookings: [UNPAID] })),
  http.get(`${TEST_API}/api/debug/outbox`, () =>
    HttpResponse.json({
      success: true,
      messages: [
        { id: 'm1', bookingId: PAID.id, kind: 'booking-confirmation', toAddress: 'user@example.com', subject: 'Your tickets for Dear Odette', text: 'Seats: A1, A2', html: '', createdAt: '2026-12-01T10:05:00.000Z', sentAt: null },
      ],
    }),
  ),
  http.post(`${TEST_API}/api/debug/mark-paid`, () => HttpResponse.json({ success: true, message: 'Booking marked as paid and email sent' })),
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
  http.post(`${TEST_API}/api/debug/fix-payment`, () => HttpResponse.json({ success: true, message: 'The provider has no payment yet: the booking stays payable' })),
);
