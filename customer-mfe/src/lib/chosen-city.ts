import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * The moviegoer's city, chosen once and remembered in this browser: the theatre list and the show times show that
 * city's cinemas. null until chosen (every city is shown). Kept in localStorage (what this page reads) and in a
 * first-party cookie, CITY_COOKIE, so that the page server's first view of a page (docs/platform/frontends.md, "The
 * first view from the HTML") lists the same show times as the app that takes its place: the page server hands the
 * request's cookies to this remote's server render (server/first-view.server.tsx), which reads its own. Storage that
 * cannot be used (private mode, quotas) keeps the choice for this page's life only.
 */
const KEY = 'marquee:city';
export const CITY_COOKIE = 'marquee-city';
/** A year, renewed on each visit (keepCityCookie): the choice outlives a browser's cookie clean-ups of short ones. */
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const listeners = new Set<() => void>();
let memory: string | null = null;

function read(): string | null {
  try {
    return localStorage.getItem(KEY) ?? memory;
  } catch {
    return memory;
  }
}

/** Writes (or, with null, removes) the city's cookie: sent with this site's page requests only, never across sites. */
function writeCityCookie(city: string | null) {
  const value = city === null ? '' : encodeURIComponent(city);
  document.cookie = `${CITY_COOKIE}=${value}; Path=/; Max-Age=${city === null ? 0 : COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}

export function chooseCity(city: string | null) {
  memory = city;
  try {
    if (city) localStorage.setItem(KEY, city);
    else localStorage.removeItem(KEY);
  } catch {
    // Kept in memory only.
  }
  writeCityCookie(city || null);
  listeners.forEach((listener) => listener());
}

/**
 * Puts the remembered city in its cookie, once per page, when the first component that shows the city subscribes
 * (the pages whose first view depends on it: not in the routes module, whose bytes every first visit pays): a browser
 * that chose it before the cookie existed (an older release kept it in localStorage only) gets it on its first load
 * of such a page, before any later first view of one is rendered, and everyone's cookie is renewed for a year.
 */
let kept = false;
export function keepCityCookie() {
  if (kept || typeof document === 'undefined') return;
  kept = true;
  const city = read();
  if (city) writeCityCookie(city);
}

function subscribe(listener: () => void) {
  keepCityCookie();
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The city a server render is for (read from the request's cookies: cityFromCookies); null in the browser, where the
 * choice is read from storage.
 */
export const ServerChosenCity = createContext<string | null>(null);

/** The city CITY_COOKIE names in a request's cookies (by name, as the page server passes them); null without one. */
export function cityFromCookies(cookies: Readonly<Record<string, string>> | undefined): string | null {
  const city = cookies?.[CITY_COOKIE]?.trim();
  return city ? city : null;
}

/** The chosen city (null: none yet), kept in step across this page and the browser's other tabs. */
export function useChosenCity(): string | null {
  const serverCity = useContext(ServerChosenCity);
  return useSyncExternalStore(subscribe, read, () => serverCity);
}
