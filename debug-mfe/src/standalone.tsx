import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AppProviders, loadAppConfig } from 'shared-ui';
import DebugRoutes from './exposes/routes';

/** The debug remote on its own page, for its team: mounted at /debug like in the shell. */
void loadAppConfig().then((config) =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders config={config}>
        <main id="main">
          <Routes>
            <Route path="/debug/*" element={<DebugRoutes />} />
            <Route path="*" element={<Navigate to="/debug" replace />} />
          </Routes>
        </main>
      </AppProviders>
    </StrictMode>,
  ),
);
