import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, NavLinkList, useCurrentUser, type NavItem } from 'shared-ui';
import './staff.css';

/**
 * The staff chrome of the admin and support remotes: brand and area, the signed-in user, Sign out,
 * and the area's pages (a sidebar on a laptop, a grid of tabs that all fit on a phone). The shell
 * shows no navbar or footer in these path spaces.
 */
export function StaffLayout({ area, links, children }: { area: string; links: readonly NavItem[]; children: ReactNode }) {
  const user = useCurrentUser();
  return (
    <div className="staff">
      <header className="staff__top">
        <Link to="/" className="staff__brand">
          Marquee <span>{area}</span>
        </Link>
        <div className="staff__account">
          <span className="staff__user">{user.name}</span>
          <Button variant="secondary" onClick={user.signOut}>
            Sign out
          </Button>
        </div>
      </header>
      <div className="staff__body">
        <nav aria-label={area} className="staff__nav">
          <NavLinkList links={links} />
        </nav>
        <div className="staff__content">{children}</div>
      </div>
    </div>
  );
}
