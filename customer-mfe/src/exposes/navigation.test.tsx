import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { NavLinkList, type RemoteRoutesModule } from 'shared-ui';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { signIn } from '../testing/auth';
import { API, MOVIES } from '../testing/fixtures';
import { renderRoute } from '../testing/render';
import { server } from '../testing/server';
import * as routesModule from './routes';
import { useNavigation } from './navigation';

/** The shell's navbar as the shell places this remote's links. */
function Navbar() {
  return <NavLinkList links={useNavigation().navbar ?? []} />;
}

describe('the navigation this remote gives the shell', () => {
  it('is what the shell expects of an exposed routes module (its type across the boundary)', () => {
    expectTypeOf(routesModule).toMatchTypeOf<RemoteRoutesModule>();
  });

  it('links its main pages, and no Favorites for a visitor', async () => {
    renderRoute('/', <Navbar />);
    expect(await screen.findByRole('link', { name: 'Releases' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Favorites' })).toBeNull();
  });

  it('links Favorites once the signed-in moviegoer has some (its own favourites query decides)', async () => {
    signIn();
    server.use(http.get(`${API}/api/user/favorites`, () => HttpResponse.json({ success: true, movies: MOVIES.slice(0, 1) })));
    renderRoute('/', <Navbar />);
    expect(await screen.findByRole('link', { name: 'Favorites' })).toHaveAttribute('href', '/favorite');
  });

  it('links no Favorites for a signed-in moviegoer without any', async () => {
    signIn();
    server.use(http.get(`${API}/api/user/favorites`, () => HttpResponse.json({ success: true, movies: [] })));
    renderRoute('/', <Navbar />);
    expect(await screen.findByRole('link', { name: 'Releases' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: 'Favorites' })).toBeNull();
  });
});
