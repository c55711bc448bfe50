import { Navigate, Outlet, Route, Routes } from 'react-router-dom';
import type { NavItem } from 'shared-ui';
import { PageTitle } from 'shared-ui';
import { StaffLayout } from 'shared-ui/staff';
import { CheckInPage } from './check-in-page';

const DOOR_LINKS: NavItem[] = [{ to: '/admin/check-in', label: 'Check-in' }];

/** A door attendant (the door role, not admin) has the check-in screen alone: any other admin path leads there. */
export function DoorRoutes() {
  return (
    <Routes>
      <Route element={<StaffLayout area="Door" links={DOOR_LINKS}><Outlet /></StaffLayout>}>
        <Route path="check-in" element={<><PageTitle title="Check-in" /><CheckInPage /></>} />
        <Route path="*" element={<Navigate to="/admin/check-in" replace />} />
      </Route>
    </Routes>
  );
}
