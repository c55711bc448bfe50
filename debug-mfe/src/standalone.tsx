import { Navigate, Route, Routes } from 'react-router-dom';
import { mountStandalone } from 'shared-ui';
import DebugRoutes from './exposes/routes';

/** The debug remote on its own page, for its team: mounted at /debug as in the shell. */
void mountStandalone(
  <Routes>
    <Route path="/debug/*" element={<DebugRoutes />} />
    <Route path="*" element={<Navigate to="/debug" replace />} />
  </Routes>,
);
