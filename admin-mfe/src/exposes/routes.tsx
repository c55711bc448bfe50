import { Navigate, Route, Routes } from 'react-router-dom';
import { AdminGate } from '../features/access/admin-gate';
import { AdminLayout } from '../pages/admin-layout';
import { DashboardPage } from '../pages/dashboard-page';
import '../admin.css';

/** Exposed as `admin/routes`: theatre staff screens, mounted by the shell on /admin/*. Paths are relative to /admin. */
export default function AdminRoutes() {
  return (
    <AdminGate>
      <Routes>
        <Route element={<AdminLayout />}>
          <Route index element={<DashboardPage />} />
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Route>
      </Routes>
    </AdminGate>
  );
}
