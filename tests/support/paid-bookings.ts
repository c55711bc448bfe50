import { expect } from '@playwright/test';
import { apiAs } from './api';
import { urls } from './test-stack';

/** A show on the last listed date (days away: well inside the cancellation policy) with two free seats of `row`. */
export async function farShow(row: string) {
  const anyone = apiAs();
  for (const movie of (await anyone.showAll()).shows) {
    const detail = await anyone.showDetail(movie._id);
    const date = Object.keys(detail.dateTime).sort().at(-1);
    if (!date) continue;
    // The spec's hall (the rows' nine seats are its; the seed plays every screen of the chain).
    for (const slot of detail.dateTime[date]!.filter((s) => s.screenId === undefined || s.screenId === 'marquee-marine-drive-1')) {
      const taken = new Set((await anyone.occupiedSeats(slot.showId)).occupiedSeats);
      const seats = Array.from({ length: 9 }, (_, i) => `${row}${i + 1}`).filter((s) => !taken.has(s)).slice(0, 2);
      if (seats.length === 2) return { movieId: movie._id, movieTitle: movie.title, date, showId: slot.showId, seats };
    }
  }
  throw new Error(`no far show with two free seats in row ${row}`);
}

/** Pays a held booking on the local checkout's card form with the test card, as its page posts it. */
export async function payByCard(paymentUrl: string) {
  const response = await fetch(`${urls.service}${new URL(paymentUrl).pathname}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123', name: 'Maya Moviegoer' }).toString(),
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
}
