import { Route, Routes } from 'react-router-dom';
import { mountStandalone, RedirectWhenSignedInSettled } from 'shared-ui';
import AdminRoutes from './exposes/routes';

/** The admin remote on its own page, for its team: mounted at /admin as in the shell. */
void mountStandalone(
  <Routes>
    <Route path="/admin/*" element={<AdminRoutes />} />
    <Route path="*" element={<RedirectWhenSignedInSettled to="/admin" />} />
  </Routes>,
);
