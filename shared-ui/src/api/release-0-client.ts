import type { AllShowsResponse, UnpaidBookingsResponse } from 'booking-service/contract';
import { customerApi } from './customer-client';
import { createCaller, type GetToken } from './request';
import { staffApi } from './staff-client';

/**
 * Every call release 0's remotes make on the shell's `useApi()` client (the support window: this shell still
 * runs them), loaded only when one of them first calls (client.ts), so no moviegoer's first visit carries
 * it. Release 0's calls had the same names and arguments as today's customer and staff calls, plus two the
 * newer screens no longer make (the service still answers them).
 */
export function release0Client(baseUrl: string, getToken?: GetToken) {
  const call = createCaller(baseUrl, getToken);
  return {
    call,
    ...customerApi(baseUrl, call),
    ...staffApi(call),
    allShows: () => call<AllShowsResponse>('/api/admin/all-shows', { auth: true }),
    unpaidBookings: () => call<UnpaidBookingsResponse>('/api/debug/unpaid-bookings', { auth: true }),
  };
}

export type Release0Client = ReturnType<typeof release0Client>;
