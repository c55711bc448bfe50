import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signIn } from '../testing/auth';
import { API, booking } from '../testing/fixtures';
import { renderRoute } from '../testing/render';
import { server } from '../testing/server';

const CINEMA = { _id: 'marquee-saket', name: 'Marquee Saket', address: '2 Press Enclave Road', city: 'Delhi', timeZone: 'UTC', mapUrl: 'https://www.openstreetmap.org/search?query=2%20Press%20Enclave%20Road%2C%20Delhi' };

describe('/payment-success with cinemas (issue 42)', () => {
  it('the confirmation names the cinema, the screen and the address as a map link, from the own booking', async () => {
    signIn();
    const own = booking({ isPaid: true, status: 'paid', paymentLink: null });
    server.use(
      http.post(`${API}/api/booking/verify-payment`, () =>
        HttpResponse.json({ success: true, booking: { movieTitle: 'Movie 1001', amount: 25.5, seats: ['C3', 'C4'], bookingId: own._id, showDateTime: own.show.showDateTime } }),
      ),
      http.get(`${API}/api/user/bookings`, () =>
        HttpResponse.json({ success: true, bookings: [{ ...own, show: { ...own.show, cinema: CINEMA, screen: { _id: 'marquee-saket-1', name: 'Screen 1', format: 'Standard' } } }] }),
      ),
    );
    renderRoute('/payment-success?session_id=cs_test_9');
    expect(await screen.findByText('CONFIRMED')).toBeInTheDocument();
    expect(await screen.findByText('Marquee Saket · Screen 1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /2 Press Enclave Road, Delhi/ })).toHaveAttribute('href', CINEMA.mapUrl);
  });
});
