import { Navigate, Route, Routes } from 'react-router-dom';
import { PageTitle } from 'shared-ui';
import { StaffGate, useStaffAccess } from 'shared-ui/staff';
import { ADMIN_AREA } from '../features/access/lib/admin-area';
import { DoorRoutes } from '../pages/door-routes';
import { AddShowsPage } from '../pages/add-shows-page';
import { AdminLayout } from '../pages/admin-layout';
import { CheckInPage } from '../pages/check-in-page';
import { DashboardPage } from '../pages/dashboard-page';
import { ListBookingsPage } from '../pages/list-bookings-page';
import { ListShowsPage } from '../pages/list-shows-page';
import { OnSalePage } from '../pages/on-sale-page';
import { SchedulePage } from '../pages/schedule-page';
import '../admin.css';

/**
 * Exposed as `admin/routes`: theatre staff screens, mounted by the shell on
 * /admin/* (paths here are relative to it). Unknown admin paths go back to the dashboard. A door
 * attendant (door role) is let in to the check-in screen alone.
 */
export default function AdminRoutes() {
  return (
    <StaffGate area={ADMIN_AREA}>
      <RoutesForRole />
    </StaffGate>
  );
}

function RoutesForRole() {
  const access = useStaffAccess();
  if (!access.data?.isAdmin) return <DoorRoutes />;
  return (
      <Routes>
        <Route element={<AdminLayout />}>
          <Route index element={<><PageTitle title="Admin dashboard" /><DashboardPage /></>} />
          <Route path="add-shows" element={<><PageTitle title="Add shows" /><AddShowsPage /></>} />
          <Route path="schedule" element={<><PageTitle title="Schedule" /><SchedulePage /></>} />
          <Route path="list-shows" element={<><PageTitle title="List shows" /><ListShowsPage /></>} />
          <Route path="list-bookings" element={<><PageTitle title="List bookings" /><ListBookingsPage /></>} />
          <Route path="on-sale" element={<><PageTitle title="On sale" /><OnSalePage /></>} />
          <Route path="check-in" element={<><PageTitle title="Check-in" /><CheckInPage /></>} />
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Route>
      </Routes>
  );
}
