import { useSyncExternalStore } from 'react';

/**
 * Toasts, for every frontend: `notify(message)`, `notify.success(message)`,
 * `notify.error(message, { id })`, as react-hot-toast's `toast`. The library
 * (about 5 KiB gzip with its CSS-in-JS) loads on the first toast, not with the
 * page: most visits never show one, and a phone's first paint should not wait
 * for it. AppToaster mounts the toaster once a toast has been asked for.
 */
type ToastLibrary = typeof import('react-hot-toast').default;
type ToastOptions = Parameters<ToastLibrary>[1];

let library: Promise<ToastLibrary> | undefined;
const listeners = new Set<() => void>();

function loadLibrary(): Promise<ToastLibrary> {
  if (!library) {
    library = import('react-hot-toast').then((module) => module.default);
    for (const listener of listeners) listener();
  }
  return library;
}

function show(kind: 'blank' | 'success' | 'error', message: string, options?: ToastOptions): void {
  void loadLibrary().then(
    (toast) => (kind === 'blank' ? toast(message, options) : toast[kind](message, options)),
    (error: unknown) => console.error('[toast] the toast library could not be loaded:', message, error),
  );
}

export const notify = Object.assign((message: string, options?: ToastOptions) => show('blank', message, options), {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
});

/** Whether any toast has been asked for in this page (then the toaster is needed). */
export function useToastsRequested(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => library !== undefined,
    () => false,
  );
}
