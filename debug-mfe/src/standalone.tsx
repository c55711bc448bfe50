import { Link, Route, Routes } from 'react-router-dom';
import { EmptyState, mountStandalone, RedirectWhenSignedInSettled } from 'shared-ui';
import DebugRoutes from './exposes/routes';

/**
 * The debug remote on its own page, for its team: mounted at /debug as in the shell. The home page is a
 * plain page here (no moviegoer site), not a redirect: the staff gate sends a user without the support
 * role there, and a redirect back to /debug would send them round again.
 */
void mountStandalone(
  <Routes>
    <Route path="/debug/*" element={<DebugRoutes />} />
    <Route path="/" element={<EmptyState title="Marquee support desk" text="This page serves the support desk only." action={<Link to="/debug">Open the support desk</Link>} />} />
    <Route path="*" element={<RedirectWhenSignedInSettled to="/debug" />} />
  </Routes>,
);
