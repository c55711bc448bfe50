import { createContext, useContext, type ReactNode } from 'react';

/**
 * Settings read at run time from `/app-config.json` beside the shell (or the
 * standalone page of a remote): one build serves every environment.
 */
export interface AppConfig {
  /** Base URL of the booking service, e.g. http://localhost:4000 */
  apiBaseUrl: string;
  /** Joined with the catalogue's image paths ("/poster-1001.svg"). */
  imageBaseUrl: string;
  auth: {
    /** Auth0 domain, or the local provider's origin (http://localhost:4400). */
    domain: string;
    clientId: string;
    audience: string;
  };
}

const AppConfigContext = createContext<AppConfig | null>(null);

export function AppConfigProvider({ config, children }: { config: AppConfig; children: ReactNode }) {
  return <AppConfigContext.Provider value={config}>{children}</AppConfigContext.Provider>;
}

export function useAppConfig(): AppConfig {
  const config = useContext(AppConfigContext);
  if (!config) throw new Error('useAppConfig needs an AppConfigProvider (the shell or a standalone page provides it)');
  return config;
}

/** Fetches (or takes the response the host already has, e.g. inline in its page) and checks the run-time configuration. */
export async function loadAppConfig(url = '/app-config.json', early?: Promise<Response>): Promise<AppConfig> {
  const response = await (early ?? fetch(url, { cache: 'no-cache' }));
  if (!response.ok) throw new Error(`Could not load ${url} (${response.status})`);
  const config = (await response.json()) as Partial<AppConfig>;
  if (!config.apiBaseUrl || !config.imageBaseUrl || !config.auth?.domain || !config.auth.clientId || !config.auth.audience) {
    throw new Error(`${url} must set apiBaseUrl, imageBaseUrl and auth { domain, clientId, audience }`);
  }
  return config as AppConfig;
}

/** "/poster-1.svg" -> "<imageBaseUrl>/poster-1.svg"; absolute URLs pass through; null stays null. */
export function imageUrl(config: Pick<AppConfig, 'imageBaseUrl'>, path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^https?:\/\//.test(path)) return path;
  return `${config.imageBaseUrl.replace(/\/$/, '')}${path.startsWith('/') ? '' : '/'}${path}`;
}
