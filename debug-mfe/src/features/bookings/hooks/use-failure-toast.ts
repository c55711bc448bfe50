import { useEffect } from 'react';
import { notify } from 'shared-ui';

/** Spec §8: a list that cannot be fetched says so in a toast (once per message: the toast's id is the message). */
export function useFailureToast(error: Error | null, message: string) {
  useEffect(() => {
    if (error) notify.error(message, { id: message });
  }, [error, message]);
}
