import { Route, Routes } from 'react-router-dom';
import { PageTitle } from 'shared-ui';
import { DebugPage } from '../pages/debug-page';
import '../debug.css';

/** Exposed as `debug/routes`: the support desk, mounted by the shell on /debug/* (paths here are relative to it); every path shows it. */
export default function DebugRoutes() {
  return (
    <Routes>
      <Route
        path="*"
        element={
          <>
            <PageTitle title="Support desk" />
            <DebugPage />
          </>
        }
      />
    </Routes>
  );
}
