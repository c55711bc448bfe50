import { useSyncExternalStore } from 'react';

/**
 * The moviegoer's city, chosen once and remembered in this browser (localStorage): the theatre list and the
 * show times show that city's cinemas. null until chosen (every city is shown). Storage that cannot be used
 * (private mode, quotas) keeps the choice for this page's life only.
 */
const KEY = 'marquee:city';
const listeners = new Set<() => void>();
let memory: string | null = null;

function read(): string | null {
  try {
    return localStorage.getItem(KEY) ?? memory;
  } catch {
    return memory;
  }
}

export function chooseCity(city: string | null) {
  memory = city;
  try {
    if (city) localStorage.setItem(KEY, city);
    else localStorage.removeItem(KEY);
  } catch {
    // Kept in memory only.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
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

/** The chosen city (null: none yet), kept in step across this page and the browser's other tabs. */
export function useChosenCity(): string | null {
  return useSyncExternalStore(subscribe, read, () => null);
}
