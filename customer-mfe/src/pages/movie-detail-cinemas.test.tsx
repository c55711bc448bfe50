import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { chooseCity } from '../lib/chosen-city';
import { API, FIXTURE_NOW, SHOW_DETAIL, SHOW_ID, SHOW_ID_2 } from '../testing/fixtures';
import { renderRoute } from '../testing/render';
import { server } from '../testing/server';

/** Issue 42 on the movie page: its show times by cinema, in the moviegoer's city, on each cinema's clock. */

const MARINE = { _id: 'marquee-marine-drive', name: 'Marquee Marine Drive', address: '14 Marine Lines', city: 'Mumbai', timeZone: 'Asia/Kolkata', mapUrl: 'https://www.openstreetmap.org/search?query=Marine' };
const SAKET = { _id: 'marquee-saket', name: 'Marquee Saket', address: '2 Press Enclave Road', city: 'Delhi', timeZone: 'UTC', mapUrl: 'https://www.openstreetmap.org/search?query=Saket' };
const [first, second] = SHOW_DETAIL.dateTime['2026-12-01']!;
const place = (cinema: typeof MARINE, format: string) => ({ cinemaId: cinema._id, cinemaName: cinema.name, screenId: `${cinema._id}-1`, screenName: 'Screen 1', format, seatPrices: { standard: 13 } });

describe('/movies/:id show times by cinema', () => {
  beforeEach(() => {
    localStorage.clear();
    chooseCity(null);
  });

  it('lists each cinema with its times, each time leading to its seats; the city chosen keeps only its cinemas', async () => {
    server.use(
      http.get(`${API}/api/show/${SHOW_DETAIL.movie._id}`, () =>
        HttpResponse.json({
          ...SHOW_DETAIL,
          dateTime: { '2026-12-01': [{ ...first!, ...place(MARINE, 'IMAX') }, { ...second!, ...place(SAKET, 'Standard') }] },
          cinemas: { [MARINE._id]: MARINE, [SAKET._id]: SAKET },
        }),
      ),
    );
    renderRoute(`/movies/${SHOW_DETAIL.movie._id}`);
    const marine = await screen.findByRole('article', { name: 'Marquee Marine Drive' });
    const time = within(within(marine).getByRole('list', { name: 'Marquee Marine Drive, Tue, Dec 1' })).getByRole('link', { name: '3:30 PM $13.00' });
    expect(time).toHaveAttribute('href', `/movies/${SHOW_DETAIL.movie._id}/2026-12-01?show=${SHOW_ID}`);
    // The card names its cinema once (its heading), then the address (issue 53: the name was printed twice).
    expect(within(marine).getAllByText(/Marquee Marine Drive/)).toHaveLength(1);
    expect(within(marine).getByRole('link', { name: /14 Marine Lines, Mumbai/ })).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Marquee Saket' })).getByRole('link', { name: '6:30 PM $13.00' })).toHaveAttribute('href', expect.stringContaining(SHOW_ID_2));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Your city' }), 'Delhi');
    expect(screen.queryByRole('article', { name: 'Marquee Marine Drive' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Marquee Saket' })).toBeInTheDocument();
  });

  it("each time's chip says what a seat costs (issue 53): 'from' the lowest price when some seats cost more, a premium screen's own price", async () => {
    server.use(
      http.get(`${API}/api/show/${SHOW_DETAIL.movie._id}`, () =>
        HttpResponse.json({
          ...SHOW_DETAIL,
          dateTime: {
            '2026-12-01': [
              { ...first!, ...place(MARINE, 'Dolby Atmos'), seatPrices: { standard: 14.5, premium: 22 }, fromPrice: 14.5, priceVaries: true },
              { ...second!, ...place(MARINE, 'Recliner'), price: 20, seatPrices: { standard: 20, premium: 30 }, fromPrice: 30, priceVaries: false },
            ],
          },
          cinemas: { [MARINE._id]: MARINE },
        }),
      ),
    );
    renderRoute(`/movies/${SHOW_DETAIL.movie._id}`);
    const times = within(await screen.findByRole('list', { name: 'Marquee Marine Drive, Tue, Dec 1' })).getAllByRole('link');
    expect(times.map((time) => time.textContent)).toEqual(['3:30 PM · Dolby Atmos from $14.50', '12:00 AM · Recliner $30.00']);
  });

  it('a time whose online sales have closed is not offered (its seat page would only say so)', async () => {
    // FIXTURE_NOW 12:00 PM UTC; sales close 15 minutes before: the 12:10 PM show is closed, the 1:00 PM one open.
    const at = (minutes: number) => new Date(FIXTURE_NOW.getTime() + minutes * 60_000).toISOString();
    const today = FIXTURE_NOW.toISOString().slice(0, 10);
    server.use(
      http.get(`${API}/api/show/${SHOW_DETAIL.movie._id}`, () =>
        HttpResponse.json({
          ...SHOW_DETAIL,
          dateTime: { [today]: [{ ...first!, time: at(10), ...place(SAKET, 'Standard') }, { ...second!, time: at(60), ...place(SAKET, 'Standard') }] },
          cinemas: { [SAKET._id]: SAKET },
        }),
      ),
    );
    renderRoute(`/movies/${SHOW_DETAIL.movie._id}`);
    const saket = await screen.findByRole('article', { name: 'Marquee Saket' });
    expect(within(within(saket).getByRole('list', { name: 'Marquee Saket, Sat, Nov 28' })).getAllByRole('link').map((time) => time.textContent)).toEqual(['1:00 PM $13.00']);
  });

  it('an answer naming no cinemas (an older service) shows the date picker alone', async () => {
    renderRoute(`/movies/${SHOW_DETAIL.movie._id}`);
    expect(await screen.findByRole('heading', { name: 'Choose Date' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Show times by cinema' })).not.toBeInTheDocument();
  });
});
