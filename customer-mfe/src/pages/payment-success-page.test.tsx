import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signIn } from '../testing/auth';
import { API } from '../testing/fixtures';
import { currentLocation, renderRoute } from '../testing/render';
import { server } from '../testing/server';

const summary = { movieTitle: 'Movie 1001', amount: 25.5, seats: ['C3', 'C4'], showDateTime: '2026-12-01T18:30:00.000Z' };

describe('/payment-success', () => {
  it('Invalid payment session: no session_id goes to /my-bookings', async () => {
    renderRoute('/payment-success');
    expect(await screen.findByText('Invalid payment session')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/my-bookings'));
  });

  it('works with the trailing slash too', async () => {
    renderRoute('/payment-success/');
    expect(await screen.findByText('Invalid payment session')).toBeInTheDocument();
  });

  it('verifies, then shows CONFIRMED and Payment confirmed! Booking updated.', async () => {
    signIn();
    let sent: unknown;
    server.use(
      http.post(`${API}/api/booking/verify-payment`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ success: true, message: 'Payment confirmed', booking: summary });
      }),
    );
    renderRoute('/payment-success/?session_id=cs_test_1');
    expect(await screen.findByRole('heading', { name: 'Verifying your payment…' })).toBeInTheDocument();
    expect(await screen.findByText('CONFIRMED')).toBeInTheDocument();
    expect(await screen.findByText('Payment confirmed! Booking updated.')).toBeInTheDocument();
    expect(screen.getByText('C3, C4')).toBeInTheDocument();
    expect(screen.getByText('$25.50')).toBeInTheDocument();
    // The show's date and time, in the theatre's zone.
    expect(screen.getByText(/^Tue, Dec 1, \d{1,2}:30 [AP]M$/)).toBeInTheDocument();
    expect(sent).toEqual({ sessionId: 'cs_test_1' });
  });

  it('shows the ticket QR code on the confirmation when the service gives a ticket code', async () => {
    signIn();
    server.use(
      http.post(`${API}/api/booking/verify-payment`, () => HttpResponse.json({ success: true, booking: { ...summary, ticketCode: 'K7Q2M9XW3P' } })),
    );
    renderRoute('/payment-success?session_id=cs_test_5');
    const qr = await screen.findByRole('img', { name: 'Ticket QR code K7Q2M9XW3P' });
    // The code printed under the QR, as text (issue 53): typed at the door when a screen does not scan.
    expect(qr.closest('figure')!.querySelector('figcaption')).toHaveTextContent(/^K7Q2M9XW3P$/);
  });

  it('shows the processing screen when the payment is not confirmed yet', async () => {
    signIn();
    server.use(http.post(`${API}/api/booking/verify-payment`, () => HttpResponse.json({ success: false, message: 'Payment is still processing', booking: summary })));
    renderRoute('/payment-success?session_id=cs_test_2');
    expect(await screen.findByRole('heading', { name: 'Payment processing' })).toBeInTheDocument();
    expect(screen.queryByText('CONFIRMED')).not.toBeInTheDocument();
  });

  it('Payment verification failed: the service refuses, back to /my-bookings', async () => {
    signIn();
    server.use(http.post(`${API}/api/booking/verify-payment`, () => HttpResponse.json({ success: false, message: 'Payment session not found' }, { status: 404 })));
    renderRoute('/payment-success?session_id=cs_unknown');
    expect(await screen.findByText('Payment verification failed')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/my-bookings'));
  });

  it('Error verifying payment: no answer, back to /my-bookings', async () => {
    signIn();
    server.use(http.post(`${API}/api/booking/verify-payment`, () => HttpResponse.error()));
    renderRoute('/payment-success?session_id=cs_test_3');
    expect(await screen.findByText('Error verifying payment')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/my-bookings'));
  });

  it('asks a visitor to sign in first', async () => {
    renderRoute('/payment-success?session_id=cs_test_4');
    expect(await screen.findByRole('heading', { name: 'Sign in to confirm your payment' })).toBeInTheDocument();
  });
});
