import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, MOVIES, SHOW_DETAIL } from '../testing/fixtures';
import { signIn } from '../testing/auth';
import { currentLocation, renderRoute } from '../testing/render';
import { server } from '../testing/server';

const movie = SHOW_DETAIL.movie;

describe('/movies/:id', () => {
  it('shows the movie: poster, title, rating, overview, runtime, genres, year and up to 12 cast', async () => {
    renderRoute(`/movies/${movie._id}`);
    expect(await screen.findByRole('status', { name: 'Loading movie' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: movie.title })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: `Poster of ${movie.title}` })).toBeInTheDocument();
    expect(screen.getByText('7.4')).toBeInTheDocument();
    expect(screen.getByText(movie.overview)).toBeInTheDocument();
    expect(screen.getByText('2h 28m · Action, Drama · 2026')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Cast' })).getAllByRole('listitem')).toHaveLength(12);
    expect(screen.getByRole('link', { name: 'Buy Tickets' })).toHaveAttribute('href', '#date-select');
  });

  it('fetches the trailer only when shown', async () => {
    let videoCalls = 0;
    server.use(
      http.get(`${API}/api/catalog/movie/:id/videos`, () => {
        videoCalls++;
        return HttpResponse.json({ success: true, id: 1, results: [] });
      }),
    );
    renderRoute(`/movies/${movie._id}`);
    const toggle = await screen.findByRole('button', { name: 'Watch Trailer' });
    expect(videoCalls).toBe(0);
    await userEvent.click(toggle);
    expect(await screen.findByText('Trailer not available')).toBeInTheDocument();
    expect(videoCalls).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: 'Hide Trailer' }));
    expect(screen.queryByText('Trailer not available')).not.toBeInTheDocument();
  });

  it('plays the Local trailer as a preview built from the artwork', async () => {
    renderRoute(`/movies/${movie._id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Watch Trailer' }));
    expect(await screen.findByRole('figure', { name: `Trailer preview: ${movie.title}` })).toBeInTheDocument();
  });

  it('asks for a date before booking: Please select a date', async () => {
    renderRoute(`/movies/${movie._id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Book Now' }));
    expect(await screen.findByText('Please select a date')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tue 1 Dec' }));
    expect(screen.getByRole('button', { name: 'Tue 1 Dec' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    await waitFor(() => expect(currentLocation()).toBe(`/movies/${movie._id}/2026-12-01`));
  });

  it('favourite needs sign-in: Please login to proceed', async () => {
    renderRoute(`/movies/${movie._id}`);
    await userEvent.click(await screen.findByRole('button', { name: /favorite/i }));
    expect(await screen.findByText('Please login to proceed')).toBeInTheDocument();
  });

  it('toggles the favourite, fills the heart and refreshes the favourites query', async () => {
    signIn();
    let favorites: typeof MOVIES = [];
    server.use(
      http.get(`${API}/api/user/favorites`, ({ request }) => {
        expect(request.headers.get('authorization')).toBe('Bearer test-token');
        return HttpResponse.json({ success: true, movies: favorites });
      }),
      http.post(`${API}/api/user/update-favorite`, async ({ request }) => {
        expect(await request.json()).toEqual({ movieId: movie._id });
        favorites = [movie];
        return HttpResponse.json({ success: true, message: 'Added to favorites', isFavorite: true });
      }),
    );
    renderRoute(`/movies/${movie._id}`);
    const heart = await screen.findByRole('button', { name: /favorite/i });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(heart);
    expect(await screen.findByText('Added to favorites')).toBeInTheDocument();
    await screen.findByRole('button', { name: /favorite/i, pressed: true });
  });

  it('offers 4 others You May Also Like, and Show more to /theaters', async () => {
    renderRoute(`/movies/${movie._id}`);
    const section = (await screen.findByRole('heading', { name: 'You May Also Like' })).closest('section')!;
    const cards = await within(section).findAllByRole('article');
    expect(cards).toHaveLength(4);
    expect(within(section).queryByRole('link', { name: movie.title })).not.toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Show more' })).toHaveAttribute('href', '/theaters');
  });

  it('says Movie not found with Back to Movies for an unknown id', async () => {
    renderRoute('/movies/999999');
    expect(await screen.findByRole('heading', { name: 'Movie not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Movies' })).toHaveAttribute('href', '/movies');
  });

  it('shows an error with Retry when the service fails', async () => {
    let fail = true;
    server.use(
      http.get(`${API}/api/show/${movie._id}`, () =>
        fail ? HttpResponse.json({ success: false, message: 'Boom' }, { status: 500 }) : HttpResponse.json(SHOW_DETAIL),
      ),
    );
    renderRoute(`/movies/${movie._id}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Boom');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: movie.title })).toBeInTheDocument();
  });
});
