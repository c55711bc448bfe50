import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AppProviders, loadAppConfig } from 'shared-ui';
import AdminRoutes from './exposes/routes';

/** The admin remote on its own page, for its team: mounted at /admin like in the shell. */
void loadAppConfig().then((config) =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders config={config}>
        <main id="main">
          <Routes>
            <Route path="/admin/*" element={<AdminRoutes />} />
            <Route path="*" element={<Navigate to="/admin" replace />} />
          </Routes>
        </main>
      </AppProviders>
    </StrictMode>,
  ),
);
