import { Navigate, Route, Routes } from 'react-router-dom';
import { AdminGate } from '../features/access/admin-gate';
import { AddShowsPage } from '../pages/add-shows-page';
import { AdminLayout } from '../pages/admin-layout';
import { DashboardPage } from '../pages/dashboard-page';
import { ListBookingsPage } from '../pages/list-bookings-page';
import { ListShowsPage } from '../pages/list-shows-page';
import '../admin.css';

/** Exposed as `admin/routes`: theatre staff screens, mounted by the shell on /admin/*. Paths are relative to /admin. */
export default function AdminRoutes() {
  return (
    <AdminGate>
      <Routes>
        <Route element={<AdminLayout />}>
          <Route index element={<DashboardPage />} />
          <Route path="add-shows" element={<AddShowsPage />} />
          <Route path="list-shows" element={<ListShowsPage />} />
          <Route path="list-bookings" element={<ListBookingsPage />} />
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Route>
      </Routes>
    </AdminGate>
  );
}
