import { Outlet } from 'react-router-dom';
import type { NavItem } from 'shared-ui';
import { StaffLayout } from 'shared-ui/staff';

const LINKS: NavItem[] = [
  { to: '/debug', label: 'Bookings', end: true },
  { to: '/debug/refunds', label: 'Refunds' },
  { to: '/debug/outbox', label: 'Outbox' },
  { to: '/debug/releases', label: 'Releases' },
  { to: '/debug/waiting-room', label: 'Waiting Room' },
  { to: '/debug/integrity', label: 'Integrity' },
];

/** The support desk in the staff chrome, as admin (the shell hides its navbar and footer on /debug). */
export function SupportLayout() {
  return (
    <StaffLayout area="Support" links={LINKS}>
      <Outlet />
    </StaffLayout>
  );
}
