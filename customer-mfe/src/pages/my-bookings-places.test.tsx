import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { signIn } from '../testing/auth';
import { API, booking, MOVIES } from '../testing/fixtures';
import { renderRoute } from '../testing/render';
import { server } from '../testing/server';

/** Issue 42: a booking names where: the cinema, its address with a map link, and the screen. */

const CINEMA = { _id: 'marquee-marine-drive', name: 'Marquee Marine Drive', address: '14 Marine Lines', city: 'Mumbai', timeZone: 'UTC', mapUrl: 'https://www.openstreetmap.org/search?query=14%20Marine%20Lines%2C%20Mumbai' };
const SCREEN = { _id: 'marquee-marine-drive-2', name: 'Screen 2', format: 'IMAX' };
const placed = () => {
  const paid = booking({ isPaid: true, status: 'paid', paymentLink: null, bookedSeats: ['A1', 'A2'] });
  return { ...paid, show: { ...paid.show, cinema: CINEMA, screen: SCREEN }, seatTypes: { A1: 'wheelchair', A2: 'companion' } };
};

describe('/my-bookings with cinemas', () => {
  it('the card and its e-ticket name the cinema, the screen and the address as a map link; seats with their types', async () => {
    signIn();
    server.use(http.get(`${API}/api/user/bookings`, () => HttpResponse.json({ success: true, bookings: [placed()] })));
    renderRoute('/my-bookings');
    const card = await screen.findByRole('article', { name: MOVIES[0]!.title });
    expect(card).toHaveTextContent('Marquee Marine Drive · Screen 2 (IMAX)');
    await userEvent.click(within(card).getByRole('button', { name: 'Show e-ticket' }));
    const ticket = within(card).getByRole('region', { name: `E-ticket for ${MOVIES[0]!.title}` });
    expect(ticket).toHaveTextContent('CinemaMarquee Marine Drive · Screen 2 (IMAX)');
    expect(within(ticket).getByRole('link', { name: /14 Marine Lines, Mumbai/ })).toHaveAttribute('href', CINEMA.mapUrl);
    expect(ticket).toHaveTextContent('SeatsA1 (Wheelchair space), A2 (Companion seat)');
  });

  it("the calendar entry's LOCATION is the cinema, screen and address, with the map in its description", async () => {
    signIn();
    server.use(http.get(`${API}/api/user/bookings`, () => HttpResponse.json({ success: true, bookings: [placed()] })));
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:ics';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderRoute('/my-bookings');
    await userEvent.click(await screen.findByRole('button', { name: 'Add to calendar' }));
    const text = (await created[0]!.text()).replace(/\r\n /g, '');
    expect(text).toContain('LOCATION:Marquee Marine Drive\\, Screen 2 (IMAX)\\, 14 Marine Lines\\, Mumbai');
    expect(text).toContain(`Map: ${CINEMA.mapUrl}`);
  });
});
