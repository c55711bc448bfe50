import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Button, NavLinkList, useCurrentUser } from 'shared-ui';
import { ContributedLinks } from './contributed-links';

// Signed-in only, like the sign-in session it follows (auth0-session.tsx): left out of the first visit's files.
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));

/** Closes the phone menu when the page changes or Escape is pressed. */
function useMenu() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return { open, toggle: () => setOpen((o) => !o) };
}

export function Navbar() {
  const user = useCurrentUser();
  const menu = useMenu();
  return (
    <header className="shell-header">
      <Link to="/" className="shell-logo" aria-label="Marquee home">
        <span aria-hidden="true">▶</span> Marquee
      </Link>
      {/* Phones: one row (logo, account, menu button); the links open below it. */}
      <button
        type="button"
        className="shell-menu-button"
        aria-expanded={menu.open}
        aria-controls="shell-main-nav"
        aria-label="Menu"
        onClick={menu.toggle}
      >
        <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.25" strokeLinecap="round">
          {menu.open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </svg>
      </button>
      <nav aria-label="Main" id="shell-main-nav" className="shell-main-nav" data-open={menu.open}>
        {/* The moviegoers' remote says which of its pages are linked here, and when (e.g. Favorites). */}
        <ContributedLinks place="navbar" render={(links) => <NavLinkList links={links} className="shell-nav" />} />
      </nav>
      <div className="shell-actions">
        {user.isLoading ? null : user.isAuthenticated ? (
          <Suspense fallback={null}>
            <UserMenu name={user.name} onSignOut={user.signOut} />
          </Suspense>
        ) : (
          <Button onClick={() => void user.signIn()}>Login</Button>
        )}
      </div>
    </header>
  );
}
