import { useEffect } from 'react';
import { notify } from 'shared-ui';

/** Spec §8: some failures show the service's message as a toast too (once per distinct id). */
export function useErrorToast(error: Error | null, id: string) {
  const message = error?.message;
  useEffect(() => {
    if (message) notify.error(message, { id });
  }, [message, id]);
}
