import { Route, Routes } from 'react-router-dom';
import { mountStandalone, RedirectWhenSignedInSettled } from 'shared-ui';
import DebugRoutes from './exposes/routes';

/** The debug remote on its own page, for its team: mounted at /debug as in the shell. */
void mountStandalone(
  <Routes>
    <Route path="/debug/*" element={<DebugRoutes />} />
    <Route path="*" element={<RedirectWhenSignedInSettled to="/debug" />} />
  </Routes>,
);
