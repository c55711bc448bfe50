import { Outlet } from 'react-router-dom';
import type { NavItem } from 'shared-ui';
import { StaffLayout } from 'shared-ui/staff';

const LINKS: NavItem[] = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/add-shows', label: 'Add Shows' },
  { to: '/admin/schedule', label: 'Schedule' },
  { to: '/admin/list-shows', label: 'List Shows' },
  { to: '/admin/list-bookings', label: 'List Bookings' },
  { to: '/admin/on-sale', label: 'On Sale' },
  { to: '/admin/check-in', label: 'Check-in' },
];

/** The admin's pages in the staff chrome (the shell hides its navbar and footer on /admin). */
export function AdminLayout() {
  return (
    <StaffLayout area="Admin" links={LINKS}>
      <Outlet />
    </StaffLayout>
  );
}
