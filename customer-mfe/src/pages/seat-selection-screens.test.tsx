import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseCity } from '../lib/chosen-city';
import { API, SHOW_DETAIL, SHOW_ID, SHOW_ID_2 } from '../testing/fixtures';
import { renderRoute } from '../testing/render';
import { server } from '../testing/server';

/** Issue 42 on the seat page: shows by cinema in the chosen city, the screen's own layout, prices by seat type. */

const ROUTE = `/movies/${SHOW_DETAIL.movie._id}/2026-12-01`;
const seat = (id: string) => screen.getByRole('button', { name: id });

const MARINE = { _id: 'marquee-marine-drive', name: 'Marquee Marine Drive', address: '14 Marine Lines', city: 'Mumbai', timeZone: 'Asia/Kolkata', mapUrl: 'https://www.openstreetmap.org/search?query=14%20Marine%20Lines%2C%20Mumbai' };
const SAKET = { _id: 'marquee-saket', name: 'Marquee Saket', address: '2 Press Enclave Road', city: 'Delhi', timeZone: 'UTC', mapUrl: 'https://www.openstreetmap.org/search?query=Saket' };
const PRICES = { standard: 13, premium: 18 };
const PLACED = {
  ...SHOW_DETAIL,
  dateTime: {
    '2026-12-01': [
      { ...SHOW_DETAIL.dateTime['2026-12-01']![0]!, cinemaId: MARINE._id, cinemaName: MARINE.name, screenId: 'marine-2', screenName: 'Screen 2', format: 'IMAX', seatPrices: PRICES },
      { ...SHOW_DETAIL.dateTime['2026-12-01']![1]!, cinemaId: SAKET._id, cinemaName: SAKET.name, screenId: 'saket-1', screenName: 'Screen 1', format: 'Standard', seatPrices: { standard: 13 } },
    ],
  },
  cinemas: { [MARINE._id]: MARINE, [SAKET._id]: SAKET },
};
/** Wheelchair spaces with companion seats at row A's ends, a centre aisle, a premium row behind a walkway. */
const LAYOUT = { rows: [{ label: 'A', seats: 'wcs.scw' }, { label: 'B', seats: 'sss.sss' }, { label: 'C', seats: 'ppp.ppp', aisleBefore: true }] };

function serve() {
  server.use(
    http.get(`${API}/api/show/${SHOW_DETAIL.movie._id}`, () => HttpResponse.json(PLACED)),
    http.get(`${API}/api/booking/seats/:showId`, ({ params }) =>
      HttpResponse.json(
        params.showId === SHOW_ID
          ? { success: true, occupiedSeats: ['B1'], layout: LAYOUT, seatPrices: PRICES, cinema: MARINE, screen: { _id: 'marine-2', name: 'Screen 2', format: 'IMAX' } }
          : { success: true, occupiedSeats: [] },
      ),
    ),
  );
}

describe('seat page on a chain of cinemas', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    chooseCity(null);
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    serve();
  });

  it("groups the date's times by cinema, on each cinema's clock, and keeps the chosen city's", async () => {
    renderRoute(ROUTE);
    const times = await screen.findByRole('list', { name: 'Show times' });
    expect(within(times).getByRole('list', { name: 'Marquee Marine Drive' })).toHaveTextContent('3:30 PM');
    expect(within(times).getByRole('list', { name: 'Marquee Saket' })).toHaveTextContent('6:30 PM');
    expect(within(times).getByRole('link', { name: /14 Marine Lines, Mumbai/ })).toHaveAttribute('href', MARINE.mapUrl);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Your city' }), 'Delhi');
    expect(within(screen.getByRole('list', { name: 'Show times' })).queryByRole('list', { name: 'Marquee Marine Drive' })).not.toBeInTheDocument();
    expect(localStorage.getItem('marquee:city')).toBe('Delhi');
  });

  it("a link naming a show in another city than the chosen one keeps that show's cinema listed and chosen", async () => {
    chooseCity('Delhi');
    renderRoute(`${ROUTE}?show=${SHOW_ID}`);
    const times = await screen.findByRole('list', { name: 'Show times' });
    expect(within(times).getByRole('list', { name: 'Marquee Marine Drive' })).toHaveTextContent('3:30 PM');
    expect(within(times).getByRole('button', { name: /^3:30 PM/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it("draws the screen's layout with its gaps, names each seat's type, and says each type's price", async () => {
    renderRoute(`${ROUTE}?show=${SHOW_ID}`);
    await waitFor(() => expect(seat('B1')).toHaveAttribute('aria-disabled', 'true'));
    const seats = within(screen.getByRole('group', { name: 'Seats' })).getAllByRole('button');
    expect(seats.map((s) => s.dataset.seat)).toEqual(['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'B1', 'B2', 'B3', 'B4', 'B5', 'B6', 'C1', 'C2', 'C3', 'C4', 'C5', 'C6']);
    // The wheelchair space says so in its name, and carries the access symbol (decorative: hidden from readers).
    expect(seat('A1, wheelchair space').querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(seat('A2')).toHaveAccessibleDescription('companion seat');
    expect(screen.getByRole('list', { name: 'Seat legend' })).toHaveTextContent('Wheelchair space');
    expect(seat('C1')).toHaveAccessibleDescription('premium');
    const legend = screen.getByRole('list', { name: 'Seat types and prices' });
    expect(legend).toHaveTextContent('Standard $13.00');
    expect(legend).toHaveTextContent('Premium $18.00');
    expect(legend).toHaveTextContent('Wheelchair space $13.00');
    expect(within(screen.getByRole('region', { name: 'Seats' })).getByText('Marquee Marine Drive · Screen 2 (IMAX)')).toBeInTheDocument();
  });

  it('books a wheelchair space with its companion seat, refuses the companion seat alone, and totals by type', async () => {
    renderRoute(`${ROUTE}?show=${SHOW_ID}`);
    await waitFor(() => expect(seat('B1')).toHaveAttribute('aria-disabled', 'true'));
    await userEvent.click(seat('A2'));
    expect(await screen.findByText('Companion seat A2 is booked together with the wheelchair space beside it (A1)')).toBeInTheDocument();
    expect(seat('A2')).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(seat('A1, wheelchair space'));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, A1 only' }));
    await userEvent.click(seat('A2'));
    await userEvent.click(seat('C1'));
    const selection = screen.getByRole('region', { name: 'Your selection' });
    expect(selection).toHaveTextContent('3 seats · $44.00: A1, A2, C1');
    const breakdown = within(selection).getByRole('list', { name: 'Price by seat type' });
    expect(breakdown).toHaveTextContent('1 × Premium at $18.00: $18.00');
    expect(breakdown).toHaveTextContent('1 × Wheelchair space at $13.00: $13.00');
    // Letting go of the wheelchair space lets go of its companion seat.
    await userEvent.click(seat('A1, wheelchair space'));
    expect(selection).toHaveTextContent('1 seat · $18.00: C1');
  });

  it('moves over the aisle with the arrow keys', async () => {
    renderRoute(`${ROUTE}?show=${SHOW_ID}`);
    await waitFor(() => expect(seat('B1')).toHaveAttribute('aria-disabled', 'true'));
    seat('B3').focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(seat('B4')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(seat('C4')).toHaveFocus();
  });

  it('an answer without a layout (an older service) draws the spec hall at the one price', async () => {
    renderRoute(`${ROUTE}?show=${SHOW_ID_2}`);
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'Seats' })).getAllByRole('button')).toHaveLength(90));
    expect(screen.queryByRole('list', { name: 'Seat types and prices' })).not.toBeInTheDocument();
    await userEvent.click(seat('J9'));
    expect(screen.getByRole('region', { name: 'Your selection' })).toHaveTextContent('1 seat · $13.00: J9');
  });
});
