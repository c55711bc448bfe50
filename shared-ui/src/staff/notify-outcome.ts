import { notify } from 'shared-ui';

/** What a staff action came to: done, nothing changed or not yet (warning), or refused/failed. */
export type Outcome = 'success' | 'warning' | 'error';

/**
 * A toast coloured by outcome: green only when the action did what was asked. A warning (the
 * customer has not paid yet, nothing was added) is neutral with a warning sign, not a success.
 */
export function notifyOutcome(outcome: Outcome, message: string): void {
  const className = `staff-toast staff-toast--${outcome}`;
  if (outcome === 'success') notify.success(message, { className });
  else if (outcome === 'error') notify.error(message, { className });
  else notify(message, { className, icon: '⚠️', duration: 6000 });
}
