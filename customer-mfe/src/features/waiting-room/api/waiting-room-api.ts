import { useMemo } from 'react';
import type { CreateBookingResponse, ErrorBody, OccupiedSeatsResponse, OnSaleEvent, QueueStatusResponse } from 'booking-service/contract';
import { ApiError, useCaller } from 'shared-ui/customer';

const id = encodeURIComponent;

/** The header the service reads the admission token from (booking-service/src/bookings/sale-gate.ts). */
const ADMISSION_HEADER = 'X-Admission';
/** The header a poll carries its place token in (the contract's PLACE_HEADER; its value is not imported: the contract module brings typebox). */
const PLACE_HEADER = 'X-Queue-Place';

/**
 * The moviegoer's waiting-room calls, bundled into this remote's lazily loaded pages and never
 * into the shell: the queue (`/api/waiting-room/:eventId/...`) over the remote's own copy of the API client,
 * and the calls that carry a header of the waiting room's: the poll with its place token (`X-Queue-Place`),
 * and the two calls an admitted moviegoer makes with the admission token (`X-Admission`), the seat map and
 * the booking. The page-wide API client has no option for a header (the shell's first visit has no byte to
 * spare for one), so these are sent here.
 */
function waitingRoomApi({ baseUrl, call, getToken }: ReturnType<typeof useCaller>) {
  const base = baseUrl.replace(/\/$/, '');

  /** A call with one of the waiting room's headers (none when `value` is null). */
  async function withHeader<T>(path: string, header: string, value: string | null, init: { method?: 'POST'; body?: unknown; auth?: boolean } = {}): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (value !== null) headers[header] = value;
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
    /** Where the caller stands; meant to be polled. With the last answer's place token, answered without the database. */
    me: (eventId: string, placeToken: string | null) => withHeader<QueueStatusResponse>(`/api/waiting-room/${id(eventId)}/me`, PLACE_HEADER, placeToken, { auth: true }),
    /** The queue stream (server-sent events): the serving counter, the draw, sold out, the pace. */
    queueEventsUrl: (eventId: string) => `${base}/api/waiting-room/${id(eventId)}/events`,
    leave: (eventId: string) => call<QueueStatusResponse>(`/api/waiting-room/${id(eventId)}/leave`, { method: 'POST', body: {}, auth: true }),
    occupiedSeats: (showId: string, admission: string) => withHeader<OccupiedSeatsResponse>(`/api/booking/seats/${id(showId)}`, ADMISSION_HEADER, admission),
    createBooking: (showId: string, selectedSeats: string[], admission: string) =>
      withHeader<CreateBookingResponse>('/api/booking/create', ADMISSION_HEADER, admission, { method: 'POST', body: { showId, selectedSeats }, auth: true }),
  };
}

type WaitingRoomApi = ReturnType<typeof waitingRoomApi>;

/** The waiting-room calls for the signed-in moviegoer. */
export function useWaitingRoomApi(): WaitingRoomApi {
  const caller = useCaller();
  return useMemo(() => waitingRoomApi(caller), [caller]);
}
