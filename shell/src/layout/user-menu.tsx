import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ContributedLinks } from './contributed-links';
import { useWorkspaceLinks } from './workspace-context';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

/**
 * The signed-in moviegoer's account menu. Its own file, loaded once someone is signed in: an anonymous first
 * visit does not carry it (navbar.tsx).
 */
export function UserMenu({ name, onSignOut }: { name: string; onSignOut: () => void }) {
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  // A staff member's tools first (from the staff remotes: workspace-links.tsx), then the moviegoers' remote's links.
  const workspace = useWorkspaceLinks();
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
          {workspace.map(({ to, label }) => (
            <Link key={to} role="menuitem" to={to} className="shell-user__workspace" onClick={() => setOpen(false)}>
              {label}
            </Link>
          ))}
          {workspace.length > 0 && <div role="separator" className="shell-user__separator" />}
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
