import { CreateBookingResponse, OccupiedSeatsResponse, VerifyPaymentResponse } from '../contract/responses.ts';
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import { CreateBookingBody, ShowIdParams, VerifyPaymentBody } from '../contract/schemas.ts';
import { toUnits } from '../domain/money.ts';
import { seatSelectionProblem, sortSeats } from '../domain/seats.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { sendSerialized, serializeJson } from '../http/send-serialized.ts';

const SEATS_TTL_MS = 1_000;
const tags = ['bookings'];

export async function bookingRoutes(app: AppInstance, { store, auth, cache, config, now }: AppDeps) {
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
        security: [{ bearerAuth: [] }],
        body: CreateBookingBody,
        response: {
          200: CreateBookingResponse,
        },
      },
    },
    async (request) => {
      const { showId, selectedSeats } = request.body;
      const problem = seatSelectionProblem(selectedSeats);
      if (problem) throw badRequest(problem);

      const show = await store.shows.get(showId);
      if (!show) throw notFound('Show not found');
      const at = now();
      if (show.startsAt.getTime() <= at.getTime()) throw badRequest('This show has already started; pick a later show');

      const id = randomUUID();
      const holdEnds = Math.min(at.getTime() + config.holdMinutes * 60_000, show.startsAt.getTime());
      const seats = sortSeats(selectedSeats);
      const result = await store.bookings.create({
        id,
        userId: request.identity!.sub,
        showId,
        seats,
        amountCents: show.priceCents * seats.length,
        holdExpiresAt: new Date(holdEnds),
        paymentLink: `${config.publicUrl}/api/checkout/${id}`,
        createdAt: at,
      });
      if (!result.ok) {
        const taken = result.takenSeats;
        throw conflict(`${taken.length === 1 ? 'Seat' : 'Seats'} ${taken.join(', ')} ${taken.length === 1 ? 'is' : 'are'} already booked`, {
          takenSeats: taken,
        });
      }
      cache.invalidate(`seats:${showId}`);
      const booking = result.booking;
      return { success: true as const, url: booking.paymentLink!, bookingId: booking.id, holdExpiresAt: booking.holdExpiresAt.toISOString() };
    },
  );

  app.get(
    '/api/booking/seats/:showId',
    {
      schema: {
        tags,
        summary: 'Seats held or sold for a show',
        params: ShowIdParams,
        response: { 200: OccupiedSeatsResponse },
      },
    },
    async (request, reply) => {
      const { showId } = request.params;
      const body = await cache.get(`seats:${showId}`, SEATS_TTL_MS, async () => {
        const ledger = await store.shows.occupiedSeats(showId);
        const seats = Object.keys(ledger);
        if (seats.length === 0 && !(await store.shows.get(showId))) return null;
        return serializeJson({ success: true, occupiedSeats: sortSeats(seats) });
      });
      if (body === null) throw notFound('Show not found');
      return sendSerialized(request, reply, body);
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
        response: { 200: VerifyPaymentResponse },
      },
    },
    async (request) => {
      const found = await store.bookings.findByPaymentSession(request.body.sessionId);
      // Another person's session answers exactly like an unknown one: nothing to learn by guessing.
      if (!found || found.userId !== request.identity!.sub) throw notFound('Payment session not found');
      const booking = (await store.bookings.getWithDetails(found.id))!;
      const summary = { movieTitle: booking.show.movie.title, amount: toUnits(booking.amountCents), seats: booking.seats };
      if (booking.isPaid) return { success: true, message: 'Payment confirmed', booking: summary };
      return { success: false, message: 'Payment is still processing', booking: summary };
    },
  );
}
