import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Button, NavLinkList, useApi, useCurrentUser, type NavItem } from 'shared-ui';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** Favorites appears only when the signed-in user has favourites (spec §2). */
function useHasFavorites(enabled: boolean): boolean {
  const api = useApi();
  const favorites = useQuery({ queryKey: ['favorites'], queryFn: () => api.favorites(), enabled });
  return enabled && (favorites.data?.movies.length ?? 0) > 0;
}

function UserMenu({ name, onSignOut }: { name: string; onSignOut: () => void }) {
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !menu.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  return (
    <div className="shell-user" ref={menu}>
      <button type="button" className="shell-user__button" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <span className="shell-user__avatar" aria-hidden="true">
          {initials(name)}
        </span>
        <span className="shell-user__name">{name}</span>
      </button>
      {open && (
        <div className="shell-user__menu" role="menu">
          <Link role="menuitem" to="/my-bookings" onClick={() => setOpen(false)}>
            My Bookings
          </Link>
          <button role="menuitem" type="button" onClick={onSignOut}>
            Logout
          </button>
        </div>
      )}
    </div>
  );
}

export function Navbar() {
  const user = useCurrentUser();
  const hasFavorites = useHasFavorites(user.isAuthenticated);
  const links: NavItem[] = [
    { to: '/', label: 'Home', end: true },
    { to: '/movies', label: 'Movies' },
    { to: '/theaters', label: 'Theaters' },
    { to: '/releases', label: 'Releases' },
    ...(hasFavorites ? [{ to: '/favorite', label: 'Favorites' }] : []),
  ];
  return (
    <header className="shell-header">
      <Link to="/" className="shell-logo" aria-label="Marquee home">
        <span aria-hidden="true">▶</span> Marquee
      </Link>
      <nav aria-label="Main">
        <NavLinkList links={links} className="shell-nav" />
      </nav>
      <div className="shell-actions">
        {user.isLoading ? null : user.isAuthenticated ? (
          <UserMenu name={user.name} onSignOut={user.signOut} />
        ) : (
          <Button onClick={() => void user.signIn()}>Login</Button>
        )}
      </div>
    </header>
  );
}
