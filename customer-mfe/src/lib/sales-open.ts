import { salesCloseAt } from 'booking-service/sales';

/**
 * Whether a show time is still offered as bookable: its online sales have not closed (the service's rule,
 * booking-service/sales). A closed time is left out of the lists that link to seat pages, which would only say so.
 */
export function openForSale(startsAt: string, salesCloseMinutes: number, now: number): boolean {
  return salesCloseAt(new Date(startsAt), salesCloseMinutes).getTime() > now;
}
