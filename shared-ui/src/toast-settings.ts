/** Spec §9: at most 20 toasts, gutter 8, max width 350; 4000 ms blank/error/custom, 2000 ms success, loading until done. */
export const TOAST_LIMIT = 20;
export const TOAST_SETTINGS = {
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
