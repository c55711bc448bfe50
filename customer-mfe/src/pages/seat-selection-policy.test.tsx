import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API, FIXTURE_NOW, SHOW_DETAIL, SHOW_ID } from '../testing/fixtures';
import { renderRoute } from '../testing/render';
import { server } from '../testing/server';

/** The cancellation policy beside Proceed to Checkout, as it will apply to this booking if paid now (issue 53). */

const seat = (id: string) => screen.getByRole('button', { name: id });
const TODAY = FIXTURE_NOW.toISOString().slice(0, 10);

async function openShow(date: string, label: RegExp) {
  renderRoute(`/movies/${SHOW_DETAIL.movie._id}/${date}`);
  await screen.findByRole('heading', { level: 1, name: 'Select your seat' });
  await userEvent.click(within(screen.getByRole('list', { name: 'Show times' })).getByRole('button', { name: label }));
  await waitFor(() => expect(seat('A1')).toHaveAttribute('aria-disabled', 'true'));
}

describe('seat page: the cancellation policy if paid now (issue 53)', () => {
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });

  it('days ahead: free cancellation until 2 hours before the show, as a day and time on the cinema clock', async () => {
    await openShow('2026-12-01', /^10:00 AM /);
    expect(screen.getByText('Free cancellation until Tue, Dec 1, 8:00 AM.')).toBeInTheDocument();
    expect(screen.queryByText(/before the show/)).not.toBeInTheDocument();
  });

  it('an hour before the show (its sales still open): non-refundable, before the button, with when free cancellation ended', async () => {
    // FIXTURE_NOW is 12:00 PM UTC: a 1:00 PM show's free cancellation ended at 11:00 AM; its sales close at 12:45 PM.
    const soon = new Date(FIXTURE_NOW.getTime() + 60 * 60_000).toISOString();
    server.use(http.get(`${API}/api/show/:id`, () => HttpResponse.json({ ...SHOW_DETAIL, dateTime: { [TODAY]: [{ time: soon, showId: SHOW_ID, price: 13 }] } })));
    await openShow(TODAY, /^1:00 PM /);
    expect(screen.getByText('Non-refundable: free cancellation ended at 11:00 AM.')).toBeInTheDocument();
    expect(screen.queryByText(/^Free cancellation/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeInTheDocument();
  });
});
