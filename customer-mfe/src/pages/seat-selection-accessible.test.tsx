import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../testing/auth';
import { API, booking, SHOW_DETAIL, SHOW_ID } from '../testing/fixtures';
import { renderRoute } from '../testing/render';
import { server } from '../testing/server';

/** Issue 53 item 3 on the seat page: the wheelchair space's question, its companion seat offered, and "Yours". */

const ROUTE = `/movies/${SHOW_DETAIL.movie._id}/2026-12-01?show=${SHOW_ID}`;
const seat = (name: string) => within(screen.getByRole('group', { name: 'Seats' })).getByRole('button', { name });
const selection = () => screen.getByRole('region', { name: 'Your selection' });
/** Wheelchair spaces with companion seats at both ends of row A. */
const LAYOUT = { rows: [{ label: 'A', seats: 'wcs.scw' }, { label: 'B', seats: 'sss.sss' }] };

function serve(occupiedSeats: string[] = ['B1']) {
  server.use(
    http.get(`${API}/api/booking/seats/:showId`, () =>
      HttpResponse.json({ success: true, occupiedSeats, layout: LAYOUT, seatPrices: { standard: 13 } }),
    ),
  );
}

async function openMap() {
  renderRoute(ROUTE);
  await waitFor(() => expect(seat('B1')).toHaveAttribute('aria-disabled', 'true'));
}

describe('accessible seating on the seat page', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });

  it('asks whether a wheelchair space is needed, and "Yes" with the companion seat keeps both in one tap', async () => {
    serve();
    await openMap();
    await userEvent.click(seat('A1, wheelchair space'));
    const dialog = await screen.findByRole('dialog', { name: 'Do you need a wheelchair space?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(/A1 is a wheelchair space.*The companion seat A2 beside it is free/);
    const yes = within(dialog).getByRole('button', { name: 'Yes, and add companion seat A2' });
    expect(yes).toHaveFocus();
    await userEvent.click(yes);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(selection()).toHaveTextContent('2 seats · $26.00: A1, A2');
  });

  it('"No" lets the space go, and so does Escape; the question comes again after a "No"', async () => {
    serve();
    await openMap();
    await userEvent.click(seat('A1, wheelchair space'));
    await userEvent.click(await screen.findByRole('button', { name: 'No, choose another seat' }));
    expect(seat('A1, wheelchair space')).toHaveAttribute('aria-pressed', 'false');
    expect(selection()).toHaveTextContent('Choose up to 5 seats.');
    await userEvent.click(seat('A6, wheelchair space'));
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(seat('A6, wheelchair space')).toHaveAttribute('aria-pressed', 'false');
  });

  it('keeps Tab inside the question', async () => {
    serve();
    await openMap();
    await userEvent.click(seat('A1, wheelchair space'));
    const dialog = await screen.findByRole('dialog');
    const buttons = within(dialog).getAllByRole('button');
    expect(buttons).toHaveLength(3);
    await userEvent.tab();
    await userEvent.tab();
    expect(buttons[2]).toHaveFocus();
    await userEvent.tab();
    expect(buttons[0]).toHaveFocus();
  });

  it('asks once per visit: after a "Yes", another space is not asked about, and its free companion seat is offered in one tap', async () => {
    serve();
    await openMap();
    await userEvent.click(seat('A1, wheelchair space'));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, A1 only' }));
    // The companion seat is still offered beside the map.
    const offers = screen.getByRole('list', { name: 'Companion seats' });
    expect(offers).toHaveTextContent('Add the companion seat A2 beside wheelchair space A1?');
    await userEvent.click(seat('A6, wheelchair space'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('list', { name: 'Companion seats' })).getByRole('button', { name: 'Add A5' }));
    expect(selection()).toHaveTextContent('3 seats · $39.00: A1, A5, A6');
  });

  it('offers no companion seat that is taken: the question only asks about the space', async () => {
    serve(['B1', 'A2']);
    await openMap();
    await userEvent.click(seat('A1, wheelchair space'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: /companion/ })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, keep A1' }));
    expect(selection()).toHaveTextContent('1 seat · $13.00: A1');
    expect(screen.queryByRole('list', { name: 'Companion seats' })).not.toBeInTheDocument();
  });

  it('shows seats the visitor bought for this show as "Yours", not Taken, with a legend entry', async () => {
    signIn();
    serve(['B1', 'B2', 'B3']);
    server.use(
      http.get(`${API}/api/user/bookings`, () =>
        HttpResponse.json({ success: true, bookings: [booking({ bookedSeats: ['B2', 'B3'], isPaid: true, status: 'paid' })] }),
      ),
    );
    renderRoute(ROUTE);
    await waitFor(() => expect(seat('B2, yours')).toHaveAttribute('data-state', 'mine'));
    expect(seat('B2, yours')).toHaveAccessibleDescription('booked by you');
    expect(seat('B3, yours')).toHaveAttribute('aria-disabled', 'true');
    expect(seat('B1')).toHaveAttribute('data-state', 'taken');
    expect(screen.getByRole('list', { name: 'Seat legend' })).toHaveTextContent('Yours');
    await userEvent.click(seat('B2, yours'));
    expect(await screen.findByText('You booked this seat: your ticket is in My Bookings')).toBeInTheDocument();
  });
});
