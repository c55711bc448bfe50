import { useEffect } from 'react';
import { isApiError } from 'shared-ui/customer';

/**
 * The seat map was refused with 409: the show's sale changed since its listing was read (it was just put on sale
 * behind a waiting room, or its on-sale has not opened). The listing is read again, so the page shows the on-sale
 * time and the way to the waiting room instead of "Could not load the taken seats".
 */
export function useRecheckSale(seatMapError: unknown, refetchShow: () => unknown): boolean {
  const saleChanged = isApiError(seatMapError) && seatMapError.status === 409;
  useEffect(() => {
    if (saleChanged) void refetchShow();
  }, [saleChanged, refetchShow]);
  return saleChanged;
}
