import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { chooseCity } from '../lib/chosen-city';
import { CINEMAS, cinemaDetail, CITIES } from '../testing/cinemas';
import { API } from '../testing/fixtures';
import { renderRoute } from '../testing/render';
import { server } from '../testing/server';

describe('/theaters', () => {
  beforeEach(() => {
    localStorage.clear();
    chooseCity(null);
    server.use(
      http.get(`${API}/api/cinemas`, () => HttpResponse.json({ success: true, cities: CITIES, cinemas: CINEMAS })),
      http.get(`${API}/api/cinemas/:id`, ({ params }) => HttpResponse.json(cinemaDetail(String(params.id)))),
    );
  });

  it("features 6 movies and lists the chain's cinemas of the city with 3 posters each, each leading to its show times", async () => {
    renderRoute('/theaters');
    const featured = (await screen.findByRole('heading', { name: 'Featured Movies' })).closest('section')!;
    expect(await within(featured).findAllByRole('link', { name: /^Buy tickets for/ })).toHaveLength(6);
    expect(await screen.findByRole('heading', { name: 'Theaters in Mumbai' })).toBeInTheDocument();
    const cards = screen.getAllByRole('article', { name: /^Marquee / });
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Marquee Marine Drive', 'Marquee Bandra Talkies']);
    for (const card of cards) expect(within(await within(card).findByRole('list', { name: 'Showing here' })).getAllByRole('listitem')).toHaveLength(3);
    expect(within(cards[0]!).getByRole('link', { name: 'Show times at Marquee Marine Drive' })).toHaveAttribute('href', '/theaters/marquee-marine-drive');
    expect(within(cards[0]!).getByRole('link', { name: /1 Marquee Marine Drive Road, Mumbai/ })).toHaveAttribute('href', CINEMAS[0]!.mapUrl);
    expect(cards[0]).toHaveTextContent('FormatsStandard, IMAX');
    expect(screen.queryByText(/Sample/)).not.toBeInTheDocument();
  });

  it('remembers the chosen city', async () => {
    renderRoute('/theaters');
    await userEvent.click(await screen.findByRole('button', { name: 'Delhi' }));
    expect(screen.getByRole('heading', { name: 'Theaters in Delhi' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delhi' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByRole('article', { name: /^Marquee / }).map((card) => within(card).getByRole('heading').textContent)).toEqual(['Marquee Saket', 'Marquee Connaught Place']);
    expect(localStorage.getItem('marquee:city')).toBe('Delhi');
  });

  it("a cinema's page shows one day at a time with a date strip, each time with its screen and price, leading to that show's seats", async () => {
    const detail = cinemaDetail('marquee-saket');
    const [first, second] = detail.shows[0]!.times;
    // Sales close 15 minutes before: a time at 12:10 PM on FIXTURE_NOW's day (12:00 PM) is no longer offered, nor its day.
    const closed = { ...first!, showId: 'marquee-saket-closed', showDateTime: '2026-11-28T12:10:00.000Z' };
    (detail.shows[0] as { times: unknown[] }).times = [closed, { ...first!, fromPrice: 12, priceVaries: false }, { ...second!, fromPrice: 14.5, priceVaries: true }];
    server.use(http.get(`${API}/api/cinemas/:id`, () => HttpResponse.json(detail)));
    renderRoute('/theaters/marquee-saket');
    expect(await screen.findByRole('heading', { level: 1, name: 'Marquee Saket' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Screens' })).toHaveTextContent('Screen 2 · Dolby Atmos · 90 seats');
    const strip = screen.getByRole('list', { name: 'Days with shows' });
    expect(within(strip).getAllByRole('button').map((day) => day.textContent)).toEqual(['Tue 1 Dec', 'Wed 2 Dec']);
    expect(within(strip).getByRole('button', { name: 'Tue 1 Dec' })).toHaveAttribute('aria-pressed', 'true');
    // The first day only: one movie, its two open times with their chips' prices.
    const showing = screen.getByRole('list', { name: 'Showing at Marquee Saket on Tue, Dec 1' });
    expect(within(showing).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Movie 1001']);
    const links = within(screen.getByRole('list', { name: 'Movie 1001, Tue, Dec 1' })).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['10:00 AM · Screen 1 $12.00', '6:30 PM · Screen 2 (Dolby Atmos) from $14.50']);
    expect(links[1]).toHaveAttribute('href', '/movies/1001/2026-12-01?show=marquee-saket-show-2');
    expect(screen.queryByRole('link', { name: /12:10 PM/ })).not.toBeInTheDocument();
    // Another day: its movies instead.
    await userEvent.click(within(strip).getByRole('button', { name: 'Wed 2 Dec' }));
    const next = screen.getByRole('list', { name: 'Showing at Marquee Saket on Wed, Dec 2' });
    expect(within(next).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Movie 1002', 'Movie 1003', 'Movie 1004']);
    expect(screen.queryByRole('list', { name: /Movie 1001/ })).not.toBeInTheDocument();
  });

  it('an unknown cinema says so', async () => {
    server.use(http.get(`${API}/api/cinemas/:id`, () => HttpResponse.json({ success: false, message: 'Cinema not found' }, { status: 404 })));
    renderRoute('/theaters/nowhere');
    expect(await screen.findByRole('heading', { name: 'Cinema not found' })).toBeInTheDocument();
  });
});
