import type {
  AddShowRequest,
  CheckInResponse,
  CinemasResponse,
  ShowCountResponse,
  AddShowResponse,
  AdminCinemasResponse,
  AdmittingNowResponse,
  AdminShowsRequest,
  AdminShowsResponse,
  AllBookingsRequest,
  AllBookingsResponse,
  CancelShowResponse,
  ShowPriceResponse,
  CreateOnSaleEventBody,
  OnSaleControlsBody,
  DashboardResponse,
  DebugBookingsResponse,
  FixPaymentResponse,
  IntegrityReportResponse,
  IsAdminResponse,
  PublicConfigResponse,
  MarkPaidResponse,
  MessageResponse,
  NowPlayingResponse,
  OnSaleEvent,
  OnSaleEventsResponse,
  OnSaleFiguresResponse,
  OutboxResponse,
  QueueEntryResponse,
  SalesReportResponse,
  ScheduleCheckRequest,
  ScheduleCheckResponse,
  ScheduleViewRequest,
  ScheduleViewResponse,
  SupportBookingsRequest,
  SupportHistoryResponse,
  WaitingRoomActionsResponse,
} from 'booking-service/contract';
import type { Call } from './request';

const id = encodeURIComponent;

/**
 * The staff's calls (theatre staff and support), typed by the contract, made with the remote's own request code (request.ts).
 * They live apart from the moviegoers' calls, bundled into the staff remotes and not into the shell, so the
 * moviegoers' first visit never downloads them. Only the calls the screens make are here (the spec's
 * all-shows and unpaid-bookings stay served for other clients).
 */
export function staffApi(call: Call) {
  const get = <T>(path: string, query?: Record<string, string | undefined>) => call<T>(path, { auth: true, query });
  const post = <T>(path: string, body: unknown) => call<T>(path, { method: 'POST', body, auth: true });
  return {
    /** The service's public settings (the theatre's time zone). */
    publicConfig: () => call<PublicConfigResponse>('/api/config'),
    isAdmin: () => get<IsAdminResponse>('/api/admin/is-admin'),
    nowPlaying: () => get<NowPlayingResponse>('/api/show/now-playing'),
    addShow: (request: AddShowRequest) => post<AddShowResponse>('/api/show/add', request),
    adminShows: (query: AdminShowsRequest) => get<AdminShowsResponse>('/api/admin/shows', query),
    /** Add Shows' times checked before adding: each clash named, with the screen's next free start. Nothing is written. */
    checkSchedule: (request: ScheduleCheckRequest) => post<ScheduleCheckResponse>('/api/admin/shows/check', request),
    /** A cinema's schedule: each screen's shows over a day or a week, start to ready again, with seats sold. */
    scheduleView: (query: ScheduleViewRequest) => get<ScheduleViewResponse>('/api/admin/schedule', query),
    allBookings: (query: AllBookingsRequest = {}) => get<AllBookingsResponse>('/api/admin/all-bookings', query),
    /** List Shows' row actions: cancel a show (its paid bookings refunded, holds released), change its price. */
    cancelShow: (showId: string) => post<CancelShowResponse>(`/api/admin/shows/${id(showId)}/cancel`, {}),
    setShowPrice: (showId: string, showPrice: number) => post<ShowPriceResponse>(`/api/admin/shows/${id(showId)}/price`, { showPrice }),
    /**
     * A ticket scanned at a door: 200 admitted, 409 refused with the reason, 404 unknown. With the door's
     * cinema, a ticket for another cinema is refused ("Another cinema: …").
     */
    checkIn: (code: string, door: string, cinemaId?: string) =>
      post<CheckInResponse>('/api/admin/check-in', cinemaId ? { code, door, cinemaId } : { code, door }),
    /** A show's door count, live: tickets admitted of tickets sold. */
    showCount: (showId: string) => get<ShowCountResponse>(`/api/admin/check-in/shows/${id(showId)}`),
    /** The shows admitting now, each with its door count; of one cinema when given. */
    admittingNow: (cinemaId?: string) => get<AdmittingNowResponse>('/api/admin/check-in/shows', { cinemaId }),
    /** The chain's cinemas (the public list, no layouts): the door's choice of its cinema. */
    cinemas: () => call<CinemasResponse>('/api/cinemas'),
    /** The dashboard's totals, of one cinema when given, with the totals per cinema. */
    dashboard: (cinemaId?: string) => get<DashboardResponse>('/api/admin/dashboard', { cinemaId }),
    /** The chain's cinemas with their screens and layouts: Add Shows' picker, the lists' cinema filter. */
    adminCinemas: () => get<AdminCinemasResponse>('/api/admin/cinemas'),
    salesReport: (days = 30) => get<SalesReportResponse>('/api/admin/dashboard/sales', { days: String(days) }),
    debugBookings: (query: SupportBookingsRequest = {}) => get<DebugBookingsResponse>('/api/debug/bookings', query),
    supportHistory: (bookingId: string) => get<SupportHistoryResponse>(`/api/debug/bookings/${id(bookingId)}/history`),
    markPaid: (bookingId: string) => post<MarkPaidResponse>('/api/debug/mark-paid', { bookingId }),
    testEmail: (bookingId: string) => post<MessageResponse>('/api/debug/test-email', { bookingId }),
    fixPayment: (bookingId: string) => post<FixPaymentResponse>('/api/debug/fix-payment', { bookingId }),
    outbox: () => get<OutboxResponse>('/api/debug/outbox'),
    /** The integrity checks' findings: problems, shows whose sales are stopped, adopted restore points' lost bookings. */
    integrity: () => get<IntegrityReportResponse>('/api/debug/integrity'),
    // On-sale events and their waiting room: theatre staff set them up and watch them; support helps a moviegoer.
    onSaleEvents: () => get<OnSaleEventsResponse>('/api/admin/on-sale'),
    createOnSale: (request: CreateOnSaleEventBody) => post<{ success: true; event: OnSaleEvent }>('/api/admin/on-sale', request),
    onSaleFigures: (eventId: string) => get<OnSaleFiguresResponse>(`/api/admin/on-sale/${id(eventId)}`),
    pauseOnSale: (eventId: string, paused: boolean) => post<{ success: true; event: OnSaleEvent }>(`/api/admin/on-sale/${id(eventId)}/${paused ? 'pause' : 'resume'}`, {}),
    setOnSaleControls: (eventId: string, controls: OnSaleControlsBody) => post<{ success: true; event: OnSaleEvent }>(`/api/admin/on-sale/${id(eventId)}/controls`, controls),
    cancelOnSale: (eventId: string) => post<MessageResponse>(`/api/admin/on-sale/${id(eventId)}/cancel`, {}),
    supportOnSaleEvents: () => get<OnSaleEventsResponse>('/api/debug/waiting-room'),
    supportOnSaleFigures: (eventId: string) => get<OnSaleFiguresResponse>(`/api/debug/waiting-room/${id(eventId)}`),
    queueEntry: (eventId: string, account: string) => get<QueueEntryResponse>(`/api/debug/waiting-room/${id(eventId)}/entry`, { account }),
    changeQueueEntry: (eventId: string, action: 'admit' | 'remove', accountId: string) =>
      post<QueueEntryResponse>(`/api/debug/waiting-room/${id(eventId)}/${action}`, { accountId }),
    waitingRoomActions: (eventId: string) => get<WaitingRoomActionsResponse>(`/api/debug/waiting-room/${id(eventId)}/actions`),
  };
}

export type StaffApi = ReturnType<typeof staffApi>;
