import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';

/** Spec §9: at most 20 toasts, gutter 8, max width 350; 4000 ms blank/error/custom, 2000 ms success, loading until done. */
const TOAST_LIMIT = 20;
const TOAST_SETTINGS = {
  gutter: 8,
  toastOptions: {
    duration: 4000,
    style: { maxWidth: '350px', background: '#27272a', color: '#f4f4f5' },
    success: { duration: 2000 },
    error: { duration: 4000 },
    loading: { duration: Number.POSITIVE_INFINITY },
    custom: { duration: 4000 },
  },
} as const;

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
