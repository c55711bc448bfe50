import { adminExportRoutes } from '../admin/export-routes.ts';
import { adminReportRoutes } from '../admin/report-routes.ts';
import { adminRoutes } from '../admin/routes.ts';
import { showActionRoutes } from '../admin/show-action-routes.ts';
import { bookingRoutes } from '../bookings/routes.ts';
import { catalogRoutes } from '../catalog/routes.ts';
import { cinemaRoutes } from '../cinemas/routes.ts';
import { checkInRoutes } from '../check-in/routes.ts';
import type { Catalog } from '../catalog/types.ts';
import type { Config } from '../config/config.ts';
import { debugRoutes } from '../support/routes.ts';
import { integrityRoutes } from '../health/integrity-routes.ts';
import { healthRoutes } from '../health/routes.ts';
import type { AppInstance } from '../http/app-instance.ts';
import type { Auth } from '../identity/auth.ts';
import { describeDoubleSale, describeScheduleOverlap } from '../integrity/integrity-check.ts';
import type { HighWaterMark } from '../integrity/high-water-mark.ts';
import { localCheckoutRoutes } from '../payments/local/card-form-routes.ts';
import { ownBookingRoutes } from '../payments/own-booking-routes.ts';
import { seatReturnRoutes } from '../payments/seat-return-routes.ts';
import { paymentLinkRoutes } from '../payments/payment-link-routes.ts';
import { stripeWebhookRoutes } from '../payments/stripe/webhook-routes.ts';
import { createRemoteEventCounts } from '../remote-health/remote-event-counts.ts';
import { remoteHealthRoutes } from '../remote-health/routes.ts';
import { seatEventsRoutes } from '../seats/routes.ts';
import { settingsRoutes } from '../settings/routes.ts';
import { scheduleRoutes } from '../shows/schedule-routes.ts';
import { scheduleViewRoutes } from '../shows/schedule-view-routes.ts';
import { showRoutes } from '../shows/routes.ts';
import { cinemaShowRoutes } from '../shows/cinema-routes.ts';
import { seatsOfShows } from '../shows/seat-prices.ts';
import type { Store } from '../store/types.ts';
import { isDatabaseUnavailable } from '../store/unavailable.ts';
import { userRoutes } from '../users/routes.ts';
import { onSaleRoutes } from '../waiting-room/on-sale-routes.ts';
import { waitingRoomRoutes } from '../waiting-room/routes.ts';
import { waitingRoomSupportRoutes } from '../waiting-room/support-routes.ts';
import type { Services } from './services.ts';

/** What the route plugins are made from; each plugin is given only what it uses. */
export interface RouteSources {
  config: Config;
  store: Store;
  catalog: Catalog & { imageSvg?: (file: string) => string | null };
  auth: Auth;
  now: () => Date;
  services: Services;
  highWaterMark?: HighWaterMark;
}

/**
 * Every route plugin, grouped by the URL prefix it serves: the file of a URL is found from its prefix here.
 *
 *   /api/health, /api/remote-events, /api/config   health/routes.ts, remote-health/routes.ts, settings/routes.ts
 *   /api/show, /api/catalog, /api/images           shows/routes.ts, catalog/routes.ts
 *   /api/cinemas, /api/admin/cinemas               cinemas/routes.ts (the chain), shows/cinema-routes.ts (a cinema's shows)
 *   /api/booking                                   bookings/routes.ts (hold, seat map), seats/routes.ts (its stream),
 *                                                  payments/own-booking-routes.ts (cancel, verify payment),
 *                                                  payments/seat-return-routes.ts (seats given back)
 *   /api/waiting-room                              waiting-room/routes.ts
 *   /api/user                                      users/routes.ts
 *   /api/checkout, /api/stripe                     payments/payment-link-routes.ts (a booking's payment link),
 *                                                  payments/local/card-form-routes.ts (the local checkout's pages),
 *                                                  payments/stripe/webhook-routes.ts (Stripe's webhook)
 *   /api/admin                                     admin/routes.ts, admin/report-routes.ts, admin/export-routes.ts (CSV),
 *                                                  admin/show-action-routes.ts (a show cancelled, repriced), waiting-room/on-sale-routes.ts,
 *                                                  shows/schedule-routes.ts (a screen's time: check, conflicts), shows/schedule-view-routes.ts (a cinema's schedule),
 *                                                  check-in/routes.ts (the doors' check-in: the admin or door role)
 *   /api/debug                                     support/routes.ts, support/support-action-routes.ts (mark paid, fix a payment),
 *                                                  support/email-routes.ts (the outbox, a test email), health/integrity-routes.ts,
 *                                                  waiting-room/support-routes.ts
 *
 * test/route-map.test.ts holds this table against the OpenAPI document: each documented route's registering file
 * must be in its prefix's row.
 */
export async function registerRoutes(app: AppInstance, sources: RouteSources) {
  await registerOperations(app, sources);
  await registerCatalogue(app, sources);
  await registerBooking(app, sources);
  await registerWaitingRoom(app, sources);
  await registerUser(app, sources);
  await registerCheckout(app, sources);
  await registerAdmin(app, sources);
  await registerSupport(app, sources);
}

/** /api/health, /api/remote-events, /api/config: the instance's health, the shell's beacons, the public settings. */
async function registerOperations(app: AppInstance, { config, store, catalog, services }: RouteSources) {
  await app.register(healthRoutes, { driver: store.driver, integrity: services.integrity, identityRecord: store.integrity });
  await app.register(remoteHealthRoutes, { counts: createRemoteEventCounts(), perMinute: config.rateLimit.remoteEventsPerMinute });
  await app.register(settingsRoutes, { config, catalogName: catalog.name, paymentProviderName: services.payments.provider.name });
}

/** /api/show, /api/catalog, /api/images: the schedule and the movie catalogue. */
async function registerCatalogue(app: AppInstance, { config, store, catalog, auth, now, services }: RouteSources) {
  await app.register(showRoutes, {
    movies: store.movies,
    shows: store.shows,
    catalog,
    auth,
    cache: services.changes.cache,
    knownMovies: services.changes.knownIds.movies,
    config,
    now,
    onSaleShows: services.waitingRoom.onSaleShows,
    onScheduleChanged: (movieId) => void store.changes.publish({ kind: 'schedule', movieId }),
    cinemas: services.cinemas,
  });
  await app.register(catalogRoutes, { catalog, imageSvg: catalog.imageSvg?.bind(catalog) });
  await app.register(cinemaRoutes, { cinemas: services.cinemas, auth });
  await app.register(cinemaShowRoutes, { cinemas: services.cinemas, shows: store.shows, cache: services.changes.cache, now, onSaleShows: services.waitingRoom.onSaleShows });
}

/** /api/booking: holding seats and the seat map, the seat map's stream, a moviegoer's own booking. */
async function registerBooking(app: AppInstance, { config, store, auth, now, services }: RouteSources) {
  const { bookings, changes, waitingRoom } = services;
  await app.register(bookingRoutes, {
    bookings,
    shows: store.shows,
    auth,
    cache: changes.cache,
    knownShows: changes.knownIds.shows,
    config,
    now,
    openPayment: services.payments.service.openPaymentForHold,
    onSeatsChanged: services.onSeatsChanged,
    saleGate: services.saleGate,
    showCache: changes.shows,
    cinemas: services.cinemas,
  });
  await app.register(seatEventsRoutes, {
    shows: store.shows,
    feed: changes.seatFeed,
    limiter: services.streams.seats,
    auth,
    config,
    saleGate: (showId, admission) => waitingRoom.gate(showId, { accountId: null, admission }),
    streamsSwitchedOff: waitingRoom.streamsSwitchedOff,
  });
  await app.register(ownBookingRoutes, { bookings, auth, payments: services.payments.service, places: services.cinemas });
  await app.register(seatReturnRoutes, { bookings, auth, payments: services.payments.service, places: services.cinemas });
}

/** /api/waiting-room: the moviegoers' queue. */
async function registerWaitingRoom(app: AppInstance, { config, auth, services }: RouteSources) {
  await app.register(waitingRoomRoutes, {
    waitingRoom: services.waitingRoom,
    auth,
    joinsPerIpPerMinute: config.rateLimit.waitingRoomJoinsPerIpPerMinute,
    ipv6Prefix: config.rateLimit.ipv6Prefix,
    isUnavailable: isDatabaseUnavailable,
    streams: services.streams.queues,
    streamLifetimeSeconds: config.seatStreams.maxLifetimeSeconds,
  });
}

/** /api/user: a moviegoer's bookings and favourites. */
async function registerUser(app: AppInstance, { store, auth, services }: RouteSources) {
  await app.register(userRoutes, { users: store.users, bookings: services.bookings, checkIns: store.checkIns, movies: store.movies, auth, cinemas: services.cinemas });
}

/** /api/checkout, /api/stripe: a booking's payment link, the local checkout's pages (when it is the provider) and Stripe's webhook. */
async function registerCheckout(app: AppInstance, { config, now, services }: RouteSources) {
  const { payments, bookings } = services;
  if (payments.localCheckout) await app.register(localCheckoutRoutes, { bookings, config, payments: payments.service, localCheckout: payments.localCheckout, now, cinemas: services.cinemas });
  await app.register(paymentLinkRoutes, { bookings, config, payments: payments.service, now, cinemas: services.cinemas });
  await app.register(stripeWebhookRoutes, { receiveWebhook: payments.receiveWebhook, perMinute: config.rateLimit.webhookPerMinute });
}

/** /api/admin: theatre staff's shows, bookings, dashboard and sales report, their on-sale events, and the doors' check-in. */
async function registerAdmin(app: AppInstance, { config, store, catalog, auth, now, services }: RouteSources) {
  await app.register(checkInRoutes, { checkIn: services.checkIn, auth, timeZone: config.theatreTimeZone, cinemas: services.cinemas });
  await app.register(adminRoutes, { bookings: services.bookings, shows: store.shows, users: store.users, reports: store.reports, auth, config, now, cinemas: services.cinemas });
  await app.register(showActionRoutes, {
    shows: store.shows,
    bookings: services.bookings,
    payments: services.payments.service,
    auth,
    now,
    currency: config.currency,
    onScheduleChanged: (movieId) => void store.changes.publish({ kind: 'schedule', movieId }),
    onSeatsChanged: services.onSeatsChanged,
  });
  await app.register(scheduleRoutes, { shows: store.shows, catalog, auth, cinemas: services.cinemas, now });
  await app.register(scheduleViewRoutes, { shows: store.shows, cinemas: services.cinemas, auth, onSaleShows: services.waitingRoom.onSaleShows, salesCloseMinutes: config.salesCloseMinutes });
  await app.register(adminReportRoutes, { reports: store.reports, shows: store.shows, auth, config, now, cinemas: services.cinemas });
  await app.register(adminExportRoutes, { bookings: services.bookings, reports: store.reports, auth, config, cinemas: services.cinemas });
  await app.register(onSaleRoutes, {
    waitingRoom: services.waitingRoom,
    repository: store.waitingRoom,
    auth,
    now,
    isUnavailable: isDatabaseUnavailable,
    onSaleWindow: { timeZone: config.theatreTimeZone, maxDaysAhead: config.onSale.maxDaysAhead },
    seatsOfShows: (showIds) => seatsOfShows(showIds, store.shows, services.cinemas.layoutOf),
    showsOf: async (showIds) =>
      (await Promise.all(showIds.map((id) => store.shows.get(id)))).flatMap((show) =>
        show ? [{ id: show.id, title: show.movie.title, startsAt: show.startsAt, timeZone: services.cinemas.place(show.screenId)?.cinema.timeZone ?? config.theatreTimeZone }] : [],
      ),
    salesCloseMinutes: config.salesCloseMinutes,
    onShowsListingChanged: async (showIds) => {
      const movieIds = new Set((await Promise.all(showIds.map((id) => store.shows.get(id)))).flatMap((show) => (show ? [show.movie.id] : [])));
      for (const movieId of movieIds) void store.changes.publish({ kind: 'schedule', movieId });
    },
  });
}

/** /api/debug: support's bookings and actions, the database's integrity, the waiting room's entries. */
async function registerSupport(app: AppInstance, { config, store, auth, now, services, highWaterMark }: RouteSources) {
  const { bookings, payments, mailer } = services;
  await app.register(debugRoutes, { bookings, outbox: store.outbox, auth, config, payments: payments.service, mailer, supportActions: store.supportActions, checkIns: store.checkIns, cinemas: services.cinemas });
  await app.register(integrityRoutes, { integrity: services.integrity, auth, mark: highWaterMark, describeDoubleSale, describeScheduleOverlap });
  await app.register(waitingRoomSupportRoutes, { waitingRoom: services.waitingRoom, repository: store.waitingRoom, users: store.users, auth, now, isUnavailable: isDatabaseUnavailable });
}
