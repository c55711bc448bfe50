import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders, loadAppConfig } from 'shared-ui';
import CustomerRoutes from './exposes/routes';

/** The customer remote on its own page, for its team: same providers as the shell, no shell chrome. */
void loadAppConfig().then((config) =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders config={config}>
        <main id="main">
          <CustomerRoutes />
        </main>
      </AppProviders>
    </StrictMode>,
  ),
);
