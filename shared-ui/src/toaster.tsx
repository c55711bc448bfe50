import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { TOAST_LIMIT, TOAST_SETTINGS } from './toast-settings';

/** Dismisses the oldest visible toasts beyond the limit. */
function ToastLimit() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .slice(TOAST_LIMIT)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);
  return null;
}

/** The toaster itself, loaded with the toast library on the first toast (notify.ts, AppToaster). */
export default function LoadedToaster() {
  return (
    <>
      {/* Below the sticky header and under it: a toast never covers the navigation or the Login button. */}
      <Toaster position="top-center" containerStyle={{ top: 'calc(var(--app-header-height) + 0.5rem)', zIndex: 15 }} {...TOAST_SETTINGS} />
      <ToastLimit />
    </>
  );
}
