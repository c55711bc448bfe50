import { useEffect } from 'react';
import { Auth0Provider, useAuth0, type AppState } from '@auth0/auth0-react';
import { useNavigate } from 'react-router-dom';
import type { AppConfig } from '../config/app-config';
import type { AuthState } from './auth-state';

interface Auth0SessionProps {
  config: AppConfig;
  onChange: (state: AuthState) => void;
}

/** Reports every change of the SDK's state to the page's AuthStateContext. */
function Publish({ onChange }: { onChange: Auth0SessionProps['onChange'] }) {
  const auth = useAuth0();
  useEffect(() => onChange(auth), [auth, onChange]);
  return null;
}

/**
 * The Auth0 SDK with the run-time settings, loaded on its own chunk after the
 * first render. After sign-in it returns the user to where they were.
 */
export default function Auth0Session({ config, onChange }: Auth0SessionProps) {
  const navigate = useNavigate();
  return (
    <Auth0Provider
      domain={config.auth.domain}
      clientId={config.auth.clientId}
      authorizationParams={{ redirect_uri: window.location.origin, audience: config.auth.audience, scope: 'openid profile email offline_access' }}
      // Refresh tokens and a persistent cache keep the user signed in across reloads without third-party cookies.
      useRefreshTokens
      useRefreshTokensFallback
      cacheLocation="localstorage"
      onRedirectCallback={(appState?: AppState) => navigate(appState?.returnTo ?? '/', { replace: true })}
    >
      <Publish onChange={onChange} />
    </Auth0Provider>
  );
}
