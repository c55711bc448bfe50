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

  it("a cinema's page lists its shows by movie and date on its clock, each leading to that show's seats", async () => {
    renderRoute('/theaters/marquee-saket');
    expect(await screen.findByRole('heading', { level: 1, name: 'Marquee Saket' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Screens' })).toHaveTextContent('Screen 2 · Dolby Atmos · 90 seats');
    const day = screen.getByRole('list', { name: 'Movie 1001, Tue, Dec 1' });
    const links = within(day).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['10:00 AM · Screen 1', '6:30 PM · Screen 2 (Dolby Atmos)']);
    expect(links[1]).toHaveAttribute('href', '/movies/1001/2026-12-01?show=marquee-saket-show-2');
  });

  it('an unknown cinema says so', async () => {
    server.use(http.get(`${API}/api/cinemas/:id`, () => HttpResponse.json({ success: false, message: 'Cinema not found' }, { status: 404 })));
    renderRoute('/theaters/nowhere');
    expect(await screen.findByRole('heading', { name: 'Cinema not found' })).toBeInTheDocument();
  });
});
