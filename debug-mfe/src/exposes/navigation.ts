import type { NavItem, RemoteNavigation } from 'shared-ui';
import { useStaffAccess } from 'shared-ui/staff';

const SUPPORT: NavItem = { to: '/debug', label: 'Support tools' };

/** Exposed as `debug/navigation`: support staff find their tools from the shell's account menu and home page. */
export function useNavigation(): RemoteNavigation {
  return useStaffAccess().data?.isSupport ? { workspace: [SUPPORT] } : {};
}
