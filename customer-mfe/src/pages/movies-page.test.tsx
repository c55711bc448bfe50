import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, catalogPage, MOVIES } from '../testing/fixtures';
import { renderRoute } from '../testing/render';
import { server } from '../testing/server';

const section = async (name: string) => (await screen.findByRole('heading', { name })).closest('section')!;

describe('/movies', () => {
  it('lists every show, then Top Rated (5) and Popular (4) from the catalogue', async () => {
    renderRoute('/movies');
    // A page loaded when visited (exposes/routes.tsx): its heading comes with its chunk.
    expect(await screen.findByRole('heading', { level: 1, name: 'Now Showing in Theaters' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: `Buy tickets for ${MOVIES[6]!.title}` })).toBeInTheDocument();
    const topRated = await section('Top Rated');
    expect(await within(topRated).findAllByRole('article')).toHaveLength(5);
    expect(within(topRated).getByRole('link', { name: 'View Details: Catalog 2001' })).toHaveAttribute('href', '/tmdb-movie/2001');
    const popular = await section('Popular');
    expect(await within(popular).findAllByRole('article')).toHaveLength(4);
  });

  it('says when nothing is showing', async () => {
    server.use(http.get(`${API}/api/show/all`, () => HttpResponse.json({ success: true, shows: [] })));
    renderRoute('/movies');
    expect(await screen.findByRole('heading', { name: 'No movies currently showing' })).toBeInTheDocument();
    expect(screen.getByText('Check back soon for new releases!')).toBeInTheDocument();
  });

  it('shows an error with Retry for a catalogue list that fails', async () => {
    let fail = true;
    server.use(
      http.get(`${API}/api/catalog/movie/top_rated`, () =>
        fail ? HttpResponse.json({ success: false, message: 'Catalogue down' }, { status: 502 }) : HttpResponse.json(catalogPage([2001])),
      ),
    );
    renderRoute('/movies');
    const topRated = await section('Top Rated');
    expect(await within(topRated).findByRole('alert')).toHaveTextContent('Catalogue down');
    fail = false;
    await userEvent.click(within(topRated).getByRole('button', { name: 'Retry' }));
    expect(await within(topRated).findAllByRole('article')).toHaveLength(1);
  });
});

describe('/releases', () => {
  it('shows 12 new releases and 12 coming soon, each with View Details', async () => {
    renderRoute('/releases');
    const now = await section('New Releases');
    expect(await within(now).findAllByRole('article')).toHaveLength(12);
    const soon = await section('Coming Soon');
    expect(await within(soon).findAllByRole('article')).toHaveLength(12);
    expect(within(soon).getByRole('link', { name: 'View Details: Catalog 5001' })).toHaveAttribute('href', '/tmdb-movie/5001');
  });

  it('has an empty state', async () => {
    server.use(http.get(`${API}/api/catalog/movie/upcoming`, () => HttpResponse.json(catalogPage([]))));
    renderRoute('/releases');
    const soon = await section('Coming Soon');
    expect(await within(soon).findByRole('heading', { name: 'No movies available' })).toBeInTheDocument();
  });
});
