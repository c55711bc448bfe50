import { CreateBookingResponse, OccupiedSeatsResponse, VerifyPaymentResponse } from '../contract/responses.ts';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import { failures, SeatsTakenErrorSchema } from '../contract/failures.ts';
import { SvgImage } from '../contract/media.ts';
import { BookingIdParams, CreateBookingBody, ShowIdParams, VerifyPaymentBody } from '../contract/schemas.ts';
import { toUnits } from '../contract/money.ts';
import { ticketQrSvg } from './ticket-qr.ts';
import { createBookingService, type HoldRefusal } from './booking-service.ts';
import { sortSeats } from '../contract/hall.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { createReadCache } from '../http/read-cache.ts';
import type { ShowWithMovie } from '../shows/show.ts';
import { sendSerialized, serializeJson } from '../http/send-serialized.ts';

const SEATS_TTL_MS = 1_000;
/** Shows are never changed once added: this only bounds how long a movie's refreshed title takes to reach the payment page. */
const SHOW_TTL_MS = 10_000;
const tags = ['bookings'];

/** A refused hold as its answer: 400 bad input, 404 no such show, 409 (with the seats taken first, if that was why). */
function refusal(refused: HoldRefusal) {
  if (refused.refused === 'invalid') return badRequest(refused.message);
  if (refused.refused === 'unknown-show') return notFound(refused.message);
  return conflict(refused.message, refused.takenSeats ? { takenSeats: refused.takenSeats } : undefined);
}

export async function bookingRoutes(app: AppInstance, { store, auth, cache, knownIds, config, now, payments }: AppDeps) {
  // A rush books a few shows many times over: their details are read from memory, not once per booking.
  const showsBooked = createReadCache<ShowWithMovie>();
  const bookings = createBookingService({
    store,
    payments,
    config,
    now,
    findShow: async (showId) => ((await knownIds.shows.has(showId)) ? showsBooked.get(showId, SHOW_TTL_MS, () => store.shows.get(showId)) : null),
  });

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
        summary: 'Hold 1 to 5 seats of a future show and get the payment link',
        description:
          'Holds the seats for HOLD_MINUTES and opens a payment session with the provider; `url` is its page. ' +
          'If the provider does not answer, the seats stay held, `url` is a link that opens the session when followed, and `message` says so. ' +
          'Against hoarding, one account holds at most MAX_HELD_SEATS_PER_SHOW unpaid seats per show and MAX_HELD_SEATS overall, and may not hold again a seat ' +
          'whose hold it let lapse until REHOLD_COOLDOWN_MINUTES later (409 with a message saying which and until when).',
        security: [{ bearerAuth: [] }],
        body: CreateBookingBody,
        response: { 200: CreateBookingResponse, ...failures(400, 401, 404, 413, 415), 409: SeatsTakenErrorSchema },
      },
    },
    async (request) => {
      const { identity } = request;
      const held = await bookings.hold({
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
        summary: 'Seats held or sold for a show',
        params: ShowIdParams,
        response: { 200: OccupiedSeatsResponse, ...failures(400, 404) },
      },
    },
    async (request, reply) => {
      const { showId } = request.params;
      if (!(await knownIds.shows.has(showId))) throw notFound('Show not found');
      const body = await cache.get(`seats:${showId}`, SEATS_TTL_MS, async () => {
        const ledger = await store.shows.occupiedSeats(showId);
        return serializeJson({ success: true, occupiedSeats: sortSeats(Object.keys(ledger)) } satisfies OccupiedSeatsResponse);
      });
      return sendSerialized(request, reply, body!);
    },
  );

  app.post(
    '/api/booking/verify-payment',
    {
      onRequest: auth.requireUser,
      schema: {
        tags,
        summary: "Check the payment of the caller's booking by its payment session",
        security: [{ bearerAuth: [] }],
        body: VerifyPaymentBody,
        response: { 200: VerifyPaymentResponse, ...failures(400, 401, 404, 413, 415) },
      },
    },
    async (request) => {
      const checked = await bookings.checkPayment(request.identity!.sub, request.body.sessionId, request.log);
      if (!checked) throw notFound('Payment session not found');
      const { booking } = checked;
      return {
        success: checked.paid,
        message: checked.message,
        booking: {
          movieTitle: booking.show.movie.title,
          amount: toUnits(booking.amountCents),
          seats: booking.seats,
          bookingId: booking.id,
          showDateTime: booking.show.startsAt.toISOString(),
          ticketCode: booking.isPaid ? booking.ticketCode : null,
        },
      };
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
      const booking = await store.bookings.get(request.params.bookingId);
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
