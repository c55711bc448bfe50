import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders, loadAppConfig } from 'shared-ui';
import { handOverFirstView } from 'shared-ui/first-view';
import { App } from './app';
import { takeEarlyResponse } from './early/responses';
import { setBeaconEndpoint } from './federation/load-beacon';
import { readRemotesConfig } from './federation/remote-registry';
import './shell.css';

const root = createRoot(document.getElementById('root')!);

Promise.all([loadAppConfig('/app-config.json', takeEarlyResponse('/app-config.json')), readRemotesConfig()])
  .then(([config]) => {
    setBeaconEndpoint(config.apiBaseUrl);
    // A transition: the first render runs in slices that yield to the browser (a slow phone's main thread stays responsive).
    startTransition(() =>
      root.render(
        <StrictMode>
          <AppProviders config={config}>
            <App />
          </AppProviders>
        </StrictMode>,
      ),
    );
  })
  .catch((error: unknown) => {
    console.error('[shell] could not start', error);
    handOverFirstView();
    root.render(
      <div className="ui-state" role="alert">
        <h1 className="ui-state__title">The site could not start</h1>
        <p className="ui-state__text">Its configuration could not be loaded. Please reload the page in a moment.</p>
      </div>,
    );
  });
