import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { chooseCity } from '../lib/chosen-city';
import { API, SHOW_DETAIL, SHOW_ID, SHOW_ID_2 } from '../testing/fixtures';
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
    const time = within(within(marine).getByRole('list', { name: 'Marquee Marine Drive, Tue, Dec 1' })).getByRole('link', { name: '3:30 PM' });
    expect(time).toHaveAttribute('href', `/movies/${SHOW_DETAIL.movie._id}/2026-12-01?show=${SHOW_ID}`);
    expect(within(screen.getByRole('article', { name: 'Marquee Saket' })).getByRole('link', { name: '6:30 PM' })).toHaveAttribute('href', expect.stringContaining(SHOW_ID_2));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Your city' }), 'Delhi');
    expect(screen.queryByRole('article', { name: 'Marquee Marine Drive' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Marquee Saket' })).toBeInTheDocument();
  });

  it('an answer naming no cinemas (an older service) shows the date picker alone', async () => {
    renderRoute(`/movies/${SHOW_DETAIL.movie._id}`);
    expect(await screen.findByRole('heading', { name: 'Choose Date' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Show times by cinema' })).not.toBeInTheDocument();
  });
});
