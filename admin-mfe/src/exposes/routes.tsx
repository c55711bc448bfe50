import { Navigate, Route, Routes } from 'react-router-dom';
import { PageTitle } from 'shared-ui';
import { AdminGate } from '../features/access/admin-gate';
import { AddShowsPage } from '../pages/add-shows-page';
import { AdminLayout } from '../pages/admin-layout';
import { DashboardPage } from '../pages/dashboard-page';
import { ListBookingsPage } from '../pages/list-bookings-page';
import { ListShowsPage } from '../pages/list-shows-page';
import { OnSalePage } from '../pages/on-sale-page';
import '../admin.css';

/**
 * Exposed as `admin/routes`: theatre staff screens, mounted by the shell on
 * /admin/* (paths here are relative to it). Unknown admin paths go back to the dashboard.
 */
export default function AdminRoutes() {
  return (
    <AdminGate>
      <Routes>
        <Route element={<AdminLayout />}>
          <Route index element={<><PageTitle title="Admin dashboard" /><DashboardPage /></>} />
          <Route path="add-shows" element={<><PageTitle title="Add shows" /><AddShowsPage /></>} />
          <Route path="list-shows" element={<><PageTitle title="List shows" /><ListShowsPage /></>} />
          <Route path="list-bookings" element={<><PageTitle title="List bookings" /><ListBookingsPage /></>} />
          <Route path="on-sale" element={<><PageTitle title="On sale" /><OnSalePage /></>} />
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Route>
      </Routes>
    </AdminGate>
  );
}
