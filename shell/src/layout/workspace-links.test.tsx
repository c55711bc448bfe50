import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RemoteNavigation } from 'shared-ui';
import { loadRemoteNavigation } from '../federation/remote-registry';
import { Workspace } from './workspace';

const signedIn = { current: true };
vi.mock('shared-ui', () => ({ useCurrentUser: () => ({ isAuthenticated: signedIn.current }) }));
vi.mock('../federation/remote-registry', () => ({ loadRemoteNavigation: vi.fn() }));
const load = vi.mocked(loadRemoteNavigation);

const module = (navigation: RemoteNavigation) => ({ useNavigation: () => navigation });

function page(path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Workspace>
        {(bar) => (
          <>
            {bar}
            <Routes>
              <Route path="/" element={<h1>Home</h1>} />
              <Route path="/admin/*" element={<h1>Admin space</h1>} />
            </Routes>
          </>
        )}
      </Workspace>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  signedIn.current = true;
  sessionStorage.clear();
  load.mockReset();
});
afterEach(cleanup);

describe("a staff member's workspace links", () => {
  it('come from each staff remote, in the path spaces\' order, on the home page', async () => {
    load.mockImplementation(async (name) =>
      name === 'admin' ? module({ workspace: [{ to: '/admin', label: 'Theatre admin' }] }) : module({ workspace: [{ to: '/debug', label: 'Support tools' }] }),
    );
    page();
    const bar = await screen.findByRole('navigation', { name: 'Your workspace' });
    await waitFor(() => expect(bar.querySelectorAll('a')).toHaveLength(2));
    expect([...bar.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Theatre admin →', '/admin'],
      ['Support tools →', '/debug'],
    ]);
    expect(load.mock.calls.map(([name]) => name)).toEqual(['admin', 'debug']);
  });

  it('are not asked for on an anonymous visit, and a moviegoer sees no bar', async () => {
    signedIn.current = false;
    page();
    expect(load).not.toHaveBeenCalled();
    signedIn.current = true;
    cleanup();
    load.mockResolvedValue(module({}));
    page();
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('navigation', { name: 'Your workspace' })).toBeNull();
  });

  it('a remote down, or a release without the module, gives no links and hides nothing else', async () => {
    load.mockImplementation(async (name) => (name === 'admin' ? null : module({ workspace: [{ to: '/debug', label: 'Support tools' }] })));
    page();
    const bar = await screen.findByRole('navigation', { name: 'Your workspace' });
    expect(bar).toHaveTextContent('Support tools');
    expect(bar).not.toHaveTextContent('Theatre admin');
  });

  it('a door attendant signing in on the home page lands on the check-in screen, once a tab', async () => {
    load.mockImplementation(async (name) => (name === 'admin' ? module({ workspace: [{ to: '/admin/check-in', label: 'Check tickets at the door', landing: true }] }) : null));
    page();
    expect(await screen.findByRole('heading', { name: 'Admin space' })).toBeInTheDocument();
    cleanup();
    page();
    await screen.findByRole('navigation', { name: 'Your workspace' });
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });
});
