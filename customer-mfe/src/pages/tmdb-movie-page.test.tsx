import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, catalogMovie } from '../testing/fixtures';
import { renderRoute } from '../testing/render';
import { server } from '../testing/server';

describe('/tmdb-movie/:id', () => {
  it('shows every field: status, tagline, votes, runtime, year, language, budget, genres, cast 12, companies 4, similar 6', async () => {
    renderRoute('/tmdb-movie/2001');
    expect(await screen.findByRole('status', { name: 'Loading movie' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Catalog 2001' })).toBeInTheDocument();
    expect(screen.getByText('Released')).toBeInTheDocument();
    expect(screen.queryByText('18+')).not.toBeInTheDocument();
    expect(screen.getByText('A tagline from the database')).toBeInTheDocument();
    expect(screen.getByText('(4.3k votes)')).toBeInTheDocument();
    expect(screen.getByText('2h 5m')).toBeInTheDocument();
    expect(screen.getByText('2026')).toBeInTheDocument();
    expect(screen.getByText('English')).toBeInTheDocument();
    expect(screen.getByText('$150,000,000')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Genres' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Find Theaters' })).toHaveAttribute('href', '/theaters');
    const cast = await screen.findByRole('list', { name: 'Cast' });
    expect(within(cast).getAllByRole('listitem')).toHaveLength(12);
    expect(cast).toHaveTextContent('Character 1');
    const companies = screen.getByRole('heading', { name: 'Production Companies' }).closest('section')!;
    expect(within(companies).getAllByRole('listitem')).toHaveLength(4);
    const similar = screen.getByRole('heading', { name: 'Similar Movies' }).closest('section')!;
    expect(await within(similar).findAllByRole('article')).toHaveLength(6);
    await userEvent.click(screen.getByRole('button', { name: 'Watch Trailer' }));
    expect(await screen.findByRole('figure', { name: 'Trailer preview: Catalog 2001' })).toBeInTheDocument();
  });

  it('shows the 18+ badge for adult movies and no budget when it is 0', async () => {
    server.use(http.get(`${API}/api/catalog/movie/2002`, () => HttpResponse.json(catalogMovie(2002, { adult: true, budget: 0 }))));
    renderRoute('/tmdb-movie/2002');
    expect(await screen.findByText('18+')).toBeInTheDocument();
    expect(screen.queryByText('Budget')).not.toBeInTheDocument();
  });

  it('says Movie not found with Back to Movies', async () => {
    server.use(http.get(`${API}/api/catalog/movie/9999`, () => HttpResponse.json({ success: false, message: 'Movie not found' }, { status: 404 })));
    renderRoute('/tmdb-movie/9999');
    expect(await screen.findByRole('heading', { name: 'Movie not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Movies' })).toHaveAttribute('href', '/movies');
  });

  it('shows an error with Retry when the catalogue is down', async () => {
    let fail = true;
    server.use(
      http.get(`${API}/api/catalog/movie/2003`, () =>
        fail ? HttpResponse.json({ success: false, message: 'The movie catalogue is unavailable' }, { status: 502 }) : HttpResponse.json(catalogMovie(2003)),
      ),
    );
    renderRoute('/tmdb-movie/2003');
    expect(await screen.findByRole('alert')).toHaveTextContent('The movie catalogue is unavailable');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Catalog 2003' })).toBeInTheDocument();
  });
});
