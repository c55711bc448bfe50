import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signIn } from '../testing/auth';
import { API, MOVIES } from '../testing/fixtures';
import { renderRoute } from '../testing/render';
import { server } from '../testing/server';

describe('/favorite', () => {
  it('asks a visitor to sign in', async () => {
    renderRoute('/favorite');
    expect(await screen.findByRole('heading', { name: 'Sign in to see your favorites' })).toBeInTheDocument();
  });

  it('lists the favourite movies', async () => {
    signIn();
    server.use(http.get(`${API}/api/user/favorites`, () => HttpResponse.json({ success: true, movies: MOVIES.slice(0, 2) })));
    renderRoute('/favorite');
    expect(await screen.findAllByRole('article')).toHaveLength(2);
  });

  it('removes a movie from the list with its Remove button', async () => {
    signIn();
    let favorites = MOVIES.slice(0, 2);
    let toggled: unknown;
    server.use(
      http.get(`${API}/api/user/favorites`, () => HttpResponse.json({ success: true, movies: favorites })),
      http.post(`${API}/api/user/update-favorite`, async ({ request }) => {
        toggled = await request.json();
        favorites = favorites.slice(1);
        return HttpResponse.json({ success: true, message: 'Removed from favorites', isFavorite: false });
      }),
    );
    renderRoute('/favorite');
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: `Remove ${MOVIES[0]!.title} from favorites` }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(toggled).toEqual({ movieId: MOVIES[0]!._id });
    expect(await screen.findByText('Removed from favorites')).toBeInTheDocument();
  });

  it('says No movies available when there are none', async () => {
    signIn();
    renderRoute('/favorite');
    expect(await screen.findByRole('heading', { name: 'No movies available' })).toBeInTheDocument();
  });

  it('shows the service message as a toast and an error with Retry', async () => {
    signIn();
    let fail = true;
    server.use(
      http.get(`${API}/api/user/favorites`, () =>
        fail ? HttpResponse.json({ success: false, message: 'Favourites unavailable' }, { status: 500 }) : HttpResponse.json({ success: true, movies: MOVIES.slice(0, 1) }),
      ),
    );
    renderRoute('/favorite');
    expect(await screen.findByRole('alert')).toHaveTextContent('Favourites unavailable');
    // The toast comes with the toast library, loaded on the first toast.
    await waitFor(() => expect(screen.getAllByText('Favourites unavailable')).toHaveLength(2));
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByRole('article')).toHaveLength(1);
  });
});
