import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API, SHOW_DETAIL, SHOW_ID } from '../testing/fixtures';
import { renderRoute } from '../testing/render';
import { server } from '../testing/server';

const ROUTE = `/movies/${SHOW_DETAIL.movie._id}/2026-12-01`;
const seat = (id: string) => screen.getByRole('button', { name: id });

async function openShow() {
  renderRoute(ROUTE);
  await screen.findByRole('heading', { level: 1, name: 'Select your seat' });
  await userEvent.click(within(screen.getByRole('list', { name: 'Show times' })).getByRole('button', { name: /^10:00 AM / }));
  await waitFor(() => expect(seat('A1')).toHaveAttribute('aria-disabled', 'true'));
}

describe('seat page: Best available (issue 53)', () => {
  const asked: URL[] = [];
  beforeEach(() => {
    asked.length = 0;
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    server.use(
      http.get(`${API}/api/booking/seats/:showId/best`, ({ request }) => {
        const url = new URL(request.url);
        asked.push(url);
        const count = Number(url.searchParams.get('count'));
        if (count === 5) return HttpResponse.json({ success: true, seats: [], message: 'No 5 seats are free together. Choose seats on the map.' });
        return HttpResponse.json({ success: true, seats: ['F4', 'F5', 'F6', 'F7'].slice(0, count) });
      }),
    );
  });

  it('one tap selects the seats the service proposes for 2, and the moviegoer can still change them', async () => {
    await openShow();
    await userEvent.click(screen.getByRole('button', { name: 'Best available: 2' }));
    await waitFor(() => expect(seat('F4')).toHaveAttribute('aria-pressed', 'true'));
    expect(seat('F5')).toHaveAttribute('aria-pressed', 'true');
    expect(asked[0]!.pathname).toBe(`/api/booking/seats/${SHOW_ID}/best`);
    expect(asked[0]!.searchParams.get('count')).toBe('2');
    expect(screen.getByText('Selected F4, F5. Tap a seat to change.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Your selection' })).toHaveTextContent('2 seats · $26.00: F4, F5');
    await userEvent.click(seat('F5'));
    await userEvent.click(seat('C3'));
    expect(seat('F5')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('region', { name: 'Your selection' })).toHaveTextContent('2 seats · $26.00: C3, F4');
  });

  it('for another party size, asks for that many; when none are free together it says so and selects nothing', async () => {
    await openShow();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'People' }), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Best available: 3' }));
    await waitFor(() => expect(seat('F6')).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'People' }), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Best available: 5' }));
    expect(await screen.findByText('No 5 seats are free together. Choose seats on the map.')).toBeInTheDocument();
    // What was chosen stays chosen.
    expect(seat('F6')).toHaveAttribute('aria-pressed', 'true');
  });
});
