import { useMemo } from 'react';
import type { CreateBookingResponse, ErrorBody, OccupiedSeatsResponse, OnSaleEvent, QueueStatusResponse } from 'booking-service/contract';
import { ApiError, useAppConfig, useAuthState } from 'shared-ui';
import { createApi } from 'shared-ui/api-client';

const id = encodeURIComponent;

/** The header the service reads the admission token from (booking-service/src/bookings/sale-gate.ts). */
const ADMISSION_HEADER = 'X-Admission';

/**
 * The moviegoer's waiting-room calls (issue 30), bundled into this remote's lazily loaded pages and never
 * into the shell: the queue (`/api/waiting-room/:eventId/...`) over the remote's own copy of the API client,
 * and the two calls an admitted moviegoer makes with the admission token, the seat map and the booking.
 * Those two send the `X-Admission` header, which the page-wide API client has no option for (the shell's
 * first visit has no byte to spare for one), so they are sent here.
 */
function waitingRoomApi(baseUrl: string, getToken: () => Promise<string>) {
  const { call } = createApi(baseUrl, getToken);
  const base = baseUrl.replace(/\/$/, '');

  async function admitted<T>(path: string, admission: string, init: { method?: 'POST'; body?: unknown; auth?: boolean } = {}): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', [ADMISSION_HEADER]: admission };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (init.auth) headers.authorization = `Bearer ${await getToken()}`;
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
    } catch {
      throw new ApiError(0, 'Cannot reach the booking service. Check your connection and try again.');
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const failure = body as ErrorBody | null;
      throw new ApiError(response.status, failure?.message ?? `The booking service answered ${response.status}`, failure);
    }
    return body as T;
  }

  return {
    /** The event as anyone sees it (name, on-sale time, sold out). */
    event: (eventId: string) => call<{ success: true; event: OnSaleEvent }>(`/api/waiting-room/${id(eventId)}`),
    /** Take a place; joining again returns the same place. */
    join: (eventId: string) => call<QueueStatusResponse>(`/api/waiting-room/${id(eventId)}/join`, { method: 'POST', body: {}, auth: true }),
    /** Where the caller stands; never writes, meant to be polled. */
    me: (eventId: string) => call<QueueStatusResponse>(`/api/waiting-room/${id(eventId)}/me`, { auth: true }),
    leave: (eventId: string) => call<QueueStatusResponse>(`/api/waiting-room/${id(eventId)}/leave`, { method: 'POST', body: {}, auth: true }),
    occupiedSeats: (showId: string, admission: string) => admitted<OccupiedSeatsResponse>(`/api/booking/seats/${id(showId)}`, admission),
    createBooking: (showId: string, selectedSeats: string[], admission: string) =>
      admitted<CreateBookingResponse>('/api/booking/create', admission, { method: 'POST', body: { showId, selectedSeats }, auth: true }),
  };
}

type WaitingRoomApi = ReturnType<typeof waitingRoomApi>;

/** The waiting-room calls for the signed-in moviegoer. */
export function useWaitingRoomApi(): WaitingRoomApi {
  const { apiBaseUrl, auth } = useAppConfig();
  const { getAccessTokenSilently } = useAuthState();
  return useMemo(
    () =>
      waitingRoomApi(apiBaseUrl, async () => {
        const token = await getAccessTokenSilently({ authorizationParams: { audience: auth.audience } });
        if (!token) throw new ApiError(401, 'Please login to proceed');
        return token;
      }),
    [apiBaseUrl, auth.audience, getAccessTokenSilently],
  );
}
