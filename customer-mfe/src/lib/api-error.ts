import { isApiError } from 'shared-ui/customer';

/** A 404 answer of the service ("no such movie"), as opposed to a failure worth retrying. */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}
