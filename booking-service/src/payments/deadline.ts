import { PaymentProviderError } from './provider.ts';

/**
 * Waits for a provider call at most `ms`; past that the caller goes on without
 * it (answering from what it has), while the call itself runs to its end in the
 * background and its result still lands (a session created late is attached to
 * its booking). A late failure is only logged.
 */
export function withDeadline<T>(work: Promise<T>, ms: number, onLateError: (error: unknown) => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let timedOut = false;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      reject(new PaymentProviderError(`the payment provider did not answer within ${ms} ms`, 'unavailable'));
    }, ms);
  });
  work.catch((error: unknown) => {
    if (timedOut) onLateError(error);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
