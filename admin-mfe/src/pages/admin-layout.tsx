import { Outlet, Link } from 'react-router-dom';
import { Button, NavLinkList, useCurrentUser, type NavItem } from 'shared-ui';

const LINKS: NavItem[] = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/add-shows', label: 'Add Shows' },
  { to: '/admin/list-shows', label: 'List Shows' },
  { to: '/admin/list-bookings', label: 'List Bookings' },
];

/** The admin's own top bar and sidebar (the shell hides its navbar and footer on /admin). */
export function AdminLayout() {
  const user = useCurrentUser();
  return (
    <div className="admin">
      <header className="admin__top">
        <Link to="/" className="admin__brand">
          Marquee <span>Admin</span>
        </Link>
        <div className="admin__account">
          <span className="admin__user">{user.name}</span>
          <Button variant="secondary" onClick={user.signOut}>
            Sign out
          </Button>
        </div>
      </header>
      <div className="admin__body">
        <nav aria-label="Admin" className="admin__sidebar">
          <NavLinkList links={LINKS} />
        </nav>
        <div className="admin__content">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
