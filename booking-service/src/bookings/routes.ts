import { BestSeatsResponse, CreateBookingResponse, OccupiedSeatsResponse } from '../contract/responses.ts';
import type { FastifyRequest } from 'fastify';
import type { Auth } from '../identity/auth.ts';
import type { Config } from '../config/config.ts';
import type { KnownIds } from '../http/known-ids.ts';
import type { ReadCache } from '../http/read-cache.ts';
import type { ShowRepository } from '../shows/show-repository.ts';
import type { BookingRepository } from './booking-repository.ts';
import { failures, SeatsTakenErrorSchema } from '../contract/failures.ts';
import { SvgImage } from '../contract/media.ts';
import { BestSeatsQuery, BookingIdParams, CreateBookingBody, ShowIdParams } from '../contract/schemas.ts';
import { bestAvailableSeats } from '../contract/seats/best-available.ts';
import { ticketQrSvg } from './ticket-qr.ts';
import { createSeatHolds, type HoldRefusal, type OpenPayment } from './hold-seats.ts';
import { MAX_SEATS_PER_BOOKING, sortSeats } from '../contract/seats/hall.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { createReadCache } from '../http/read-cache.ts';
import type { ShowWithMovie } from '../shows/show.ts';
import { sendSerialized, serializeJson } from '../http/send-serialized.ts';
import { ADMISSION_HEADER, type SaleGate } from './sale-gate.ts';
import type { CinemaDirectory } from '../cinemas/cinema-directory.ts';
import { cinemaRefJson, screenRefJson } from '../cinemas/cinema-json.ts';
import { seatPricesOf } from '../shows/seat-prices.ts';

const SEATS_TTL_MS = 1_000;
/**
 * How long the booking path trusts a show read (a rush books a few shows many times over). Staff changing a price or
 * cancelling a show drop it on every instance at once (the change bus: composition/instance-changes.ts); this bounds
 * the rest (a movie's refreshed title reaching the payment page).
 */
const SHOW_TTL_MS = 10_000;
const tags = ['bookings'];

/** A refused hold as its answer: 400 bad input, 404 no such show, 409 (with the seats taken first, if that was why). */
function refusal(refused: HoldRefusal) {
  if (refused.refused === 'invalid') return badRequest(refused.message);
  if (refused.refused === 'unknown-show') return notFound(refused.message);
  return conflict(refused.message, refused.takenSeats ? { takenSeats: refused.takenSeats } : undefined);
}

export interface BookingRoutesDeps {
  bookings: BookingRepository;
  shows: Pick<ShowRepository, 'get' | 'occupiedSeats'>;
  auth: Auth;
  /** The answers shared by every caller (the seat lists). */
  cache: ReadCache;
  /** The show ids that exist: an unknown one is answered 404 from memory. */
  knownShows: KnownIds;
  config: Pick<Config, 'theatreTimeZone' | 'holds' | 'holdMinutes' | 'salesCloseMinutes' | 'publicUrl'> & { rateLimit: Pick<Config['rateLimit'], 'bookingsPerUserPerMinute'> };
  now: () => Date;
  openPayment: OpenPayment;
  onSeatsChanged: (showId: string) => void;
  /** On-sale events: their shows wait for the on-sale time, and behind a waiting room need an admission. */
  saleGate: SaleGate;
  /** The shows read for holds, kept by the instance and dropped when the schedule changes (default: this plugin's own). */
  showCache?: ReadCache<ShowWithMovie>;
  /** The chain: a show's screen, its layout and cinema. */
  cinemas: CinemaDirectory;
}

/** The X-Admission header's value, if one was sent. */
function admissionOf(request: FastifyRequest): string | undefined {
  const value = request.headers[ADMISSION_HEADER];
  return typeof value === 'string' ? value : undefined;
}

/** Holding seats (a new booking), a show's taken seats, and the e-ticket's QR code. */
export async function bookingRoutes(app: AppInstance, { bookings, shows, auth, cache, knownShows, config, now, openPayment, onSeatsChanged, saleGate, cinemas, showCache }: BookingRoutesDeps) {
  // A rush books a few shows many times over: their details are read from memory, not once per booking.
  const showsBooked = showCache ?? createReadCache<ShowWithMovie>();
  const holds = createSeatHolds({
    bookings,
    openPayment,
    config,
    now,
    onSeatsChanged,
    layoutOf: cinemas.layoutOf,
    timeZoneOf: cinemas.timeZoneOf,
    findShow,
  });
  async function findShow(showId: string) {
    return (await knownShows.has(showId)) ? showsBooked.get(showId, SHOW_TTL_MS, () => shows.get(showId)) : null;
  }
  /** What the seat page draws beside the taken seats: the screen's layout, the prices by type, where it is. */
  function screenOf(show: ShowWithMovie | null) {
    const place = show && cinemas.place(show.screenId);
    if (!show || !place) return {};
    return { layout: { rows: [...place.screen.layout.rows] }, seatPrices: seatPricesOf(show), cinema: cinemaRefJson(place.cinema), screen: screenRefJson(place.screen) };
  }

  app.post(
    '/api/booking/create',
    {
      onRequest: auth.requireUser,
      config: {
        // Per signed-in user, so one person hammering checkout does not slow anyone else down.
        rateLimit: {
          max: config.rateLimit.bookingsPerUserPerMinute,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `booking:${request.identity?.sub ?? request.ip}`,
        },
      },
      schema: {
        tags,
        summary: `Hold 1 to ${MAX_SEATS_PER_BOOKING} seats of a future show and get the payment link`,
        description:
          'Holds the seats for HOLD_MINUTES and opens a payment session with the provider; `url` is its page. ' +
          'If the provider does not answer, the seats stay held, `url` is a link that opens the session when followed, and `message` says so. ' +
          'Against hoarding, one account holds at most MAX_HELD_SEATS_PER_SHOW unpaid seats per show and MAX_HELD_SEATS overall, and may not hold again a seat ' +
          'whose hold it let lapse until REHOLD_COOLDOWN_MINUTES later (409 with a message saying which and until when). ' +
          'A seat the show\'s screen does not have, a show that has started or whose online sales have closed: 409. ' +
          'A companion seat without its wheelchair space, or a seat twice: 400 (rules across the seats).',
        security: [{ bearerAuth: [] }],
        body: CreateBookingBody,
        response: { 200: CreateBookingResponse, ...failures(400, 401, 403, 404, 413, 415), 409: SeatsTakenErrorSchema },
      },
    },
    async (request) => {
      const { identity } = request;
      await saleGate(request.body.showId, { accountId: identity!.sub, admission: admissionOf(request) });
      const held = await holds.hold({
        user: { id: identity!.sub, name: identity!.name, email: identity!.email },
        showId: request.body.showId,
        selectedSeats: request.body.selectedSeats,
        log: request.log,
      });
      if (held.refused) throw refusal(held);
      const answer = { success: true as const, bookingId: held.booking.id, holdExpiresAt: held.booking.holdExpiresAt.toISOString(), url: held.url };
      return held.message === undefined ? answer : { ...answer, message: held.message };
    },
  );

  app.get(
    '/api/booking/seats/:showId',
    {
      schema: {
        tags,
        summary: "Seats held or sold for a show, with its screen's seat layout, its prices by seat type, its cinema and screen",
        params: ShowIdParams,
        response: { 200: OccupiedSeatsResponse, ...failures(400, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { showId } = request.params;
      if (!(await knownShows.has(showId))) throw notFound('Show not found');
      await saleGate(showId, { accountId: null, admission: admissionOf(request) });
      const body = await cache.get(`seats:${showId}`, SEATS_TTL_MS, async () => {
        const [ledger, show] = await Promise.all([shows.occupiedSeats(showId), findShow(showId)]);
        return serializeJson({ success: true, occupiedSeats: sortSeats(Object.keys(ledger)), ...screenOf(show) } satisfies OccupiedSeatsResponse);
      });
      return sendSerialized(request, reply, body!);
    },
  );

  app.get(
    '/api/booking/seats/:showId/best',
    {
      schema: {
        tags,
        summary: 'The best free seats together for 1 to 5 people ("Best available"), of a seat type if asked',
        description:
          "Centre of the screen's sweet spot, one row first, then two adjacent rows; never scattered seats (an empty list and a message then). " +
          'A wheelchair space only when type=wheelchair, with its companion seat for two or more; otherwise standard and premium seats (only the type asked for, if any). ' +
          'A proposal, not a hold: the seats are held by POST /api/booking/create.',
        params: ShowIdParams,
        querystring: BestSeatsQuery,
        response: { 200: BestSeatsResponse, ...failures(400, 403, 404, 409) },
      },
    },
    async (request) => {
      const { showId } = request.params;
      if (!(await knownShows.has(showId))) throw notFound('Show not found');
      await saleGate(showId, { accountId: null, admission: admissionOf(request) });
      const show = await findShow(showId);
      if (!show) throw notFound('Show not found');
      const layout = cinemas.layoutOf(show.screenId);
      const count = Number(request.query.count);
      const seats = bestAvailableSeats(layout, Object.keys(await shows.occupiedSeats(showId)), { count, type: request.query.type });
      if (seats.length) return { success: true as const, seats };
      const kind = request.query.type === 'wheelchair' ? ' with a wheelchair space' : request.query.type ? ` ${request.query.type}` : '';
      const none = count === 1 ? `No${kind} seat is free` : `No ${count}${kind} seats are free together`;
      return { success: true as const, seats, message: `${none}. Choose seats on the map.` };
    },
  );

  app.get(
    '/api/booking/:bookingId/ticket.svg',
    {
      onRequest: auth.requireUser,
      schema: {
        tags,
        summary: "The e-ticket's QR code (SVG) of the caller's own paid booking",
        security: [{ bearerAuth: [] }],
        params: BookingIdParams,
        response: { 200: SvgImage, ...failures(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const booking = await bookings.get(request.params.bookingId);
      // Someone else's booking answers like an unknown one.
      if (!booking || booking.userId !== request.identity!.sub) throw notFound('Booking not found');
      if (!booking.isPaid) throw conflict('The ticket is issued once the booking is paid');
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('Cache-Control', 'private, no-store')
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(await ticketQrSvg(booking.ticketCode));
    },
  );
}
