import type { NavItem, RemoteNavigation } from 'shared-ui';
import { useStaffAccess } from 'shared-ui/staff';

const ADMIN: NavItem = { to: '/admin', label: 'Theatre admin' };
const CHECK_IN: NavItem = { to: '/admin/check-in', label: 'Check-in' };
const DOOR: NavItem = { to: '/admin/check-in', label: 'Check tickets at the door', landing: true };

/**
 * Exposed as `admin/navigation`: where theatre staff and door staff find this remote's tools from the
 * shell's account menu and home page. A door attendant's sign-in lands on the check-in screen.
 */
export function useNavigation(): RemoteNavigation {
  const access = useStaffAccess().data;
  if (access?.isAdmin) return { workspace: [ADMIN, CHECK_IN] };
  if (access?.isDoor) return { workspace: [DOOR] };
  return {};
}
