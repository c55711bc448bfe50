import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Button, NavLinkList, useCurrentUser } from 'shared-ui';
import { ContributedLinks } from './contributed-links';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
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
          <ContributedLinks
            place="account"
            render={(links) =>
              links.map(({ to, label }) => (
                <Link key={to} role="menuitem" to={to} onClick={() => setOpen(false)}>
                  {label}
                </Link>
              ))
            }
          />
          <button role="menuitem" type="button" onClick={onSignOut}>
            Logout
          </button>
        </div>
      )}
    </div>
  );
}

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
          <UserMenu name={user.name} onSignOut={user.signOut} />
        ) : (
          <Button onClick={() => void user.signIn()}>Login</Button>
        )}
      </div>
    </header>
  );
}
