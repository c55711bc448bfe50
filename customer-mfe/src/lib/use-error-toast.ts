import { useEffect } from 'react';
import toast from 'react-hot-toast';

/** Spec §8: some failures show the service's message as a toast too (once per distinct id). */
export function useErrorToast(error: Error | null, id: string) {
  const message = error?.message;
  useEffect(() => {
    if (message) toast.error(message, { id });
  }, [message, id]);
}
