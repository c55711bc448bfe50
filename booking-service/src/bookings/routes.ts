import { CreateBookingResponse, OccupiedSeatsResponse, VerifyPaymentResponse } from '../contract/responses.ts';
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import { failures, SeatsTakenErrorSchema } from '../contract/failures.ts';
import { SvgImage } from '../contract/media.ts';
import { BookingIdParams, CreateBookingBody, ShowIdParams, VerifyPaymentBody } from '../contract/schemas.ts';
import { toUnits } from '../payments/money.ts';
import { seatSelectionProblem, sortSeats } from '../seats/seat-map.ts';
import { formatTheatreTime } from '../shows/time-zone.ts';
import { holdPolicyProblem } from './hold-policy.ts';
import { oneAtATimePerKey } from './one-at-a-time.ts';
import { newTicketCode } from './ticket-code.ts';
import { ticketQrSvg } from './ticket-qr.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { createReadCache } from '../http/read-cache.ts';
import type { ShowWithMovie } from '../shows/show.ts';
import { sendSerialized, serializeJson } from '../http/send-serialized.ts';
import { withDeadline } from '../payments/deadline.ts';
import { PaymentProviderError } from '../payments/provider.ts';

const SEATS_TTL_MS = 1_000;
/** Shows are never changed once added: this only bounds how long a movie's refreshed title takes to reach the payment page. */
const SHOW_TTL_MS = 10_000;
const tags = ['bookings'];

export async function bookingRoutes(app: AppInstance, { store, auth, cache, knownIds, config, now, payments }: AppDeps) {
  const time = (d: Date) => formatTheatreTime(d, config.theatreTimeZone);
  // A customer waits this long at most for the provider (its own retries may go on in the background).
  const providerDeadlineMs = config.payments.stripe.timeoutMs;
  const holdPolicy = {
    maxHeldSeatsPerShow: config.holds.maxHeldSeatsPerShow,
    maxHeldSeats: config.holds.maxHeldSeats,
    reholdCooldownMs: config.holds.reholdCooldownMinutes * 60_000,
  };
  // The hold policy is checked and the seats held as one step per account (on this instance).
  const perAccount = oneAtATimePerKey();
  // A rush books a few shows many times over: their details are read from memory, not once per booking.
  const showsBooked = createReadCache<ShowWithMovie>();

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
      const { showId, selectedSeats } = request.body;
      const problem = seatSelectionProblem(selectedSeats);
      if (problem) throw badRequest(problem);

      const show = (await knownIds.shows.has(showId)) ? await showsBooked.get(showId, SHOW_TTL_MS, () => store.shows.get(showId)) : null;
      if (!show) throw notFound('Show not found');
      const at = now();
      if (show.startsAt.getTime() <= at.getTime()) throw badRequest('This show has already started; pick a later show');

      const id = randomUUID();
      const holdEnds = Math.min(at.getTime() + config.holdMinutes * 60_000, show.startsAt.getTime());
      const seats = sortSeats(selectedSeats);
      // Until the provider's session is attached, the payment link is this service's own link that opens one.
      const retryLink = `${config.publicUrl}/api/checkout/bookings/${id}`;
      const userId = request.identity!.sub;
      const result = await perAccount(userId, async () => {
        const problem = holdPolicyProblem({ showId, seats, now: at }, await store.bookings.listOwn(userId), holdPolicy, time);
        if (problem) throw conflict(problem);
        return store.bookings.create({
          id,
          userId,
          showId,
          seats,
          amountCents: show.priceCents * seats.length,
          holdExpiresAt: new Date(holdEnds),
          paymentLink: retryLink,
          createdAt: at,
          ticketCode: newTicketCode(),
        });
      });
      if (!result.ok) {
        const taken = result.takenSeats;
        throw conflict(`${taken.length === 1 ? 'Seat' : 'Seats'} ${taken.join(', ')} ${taken.length === 1 ? 'is' : 'are'} already booked`, {
          takenSeats: taken,
        });
      }
      // Every instance drops its cached seat map and tells its watchers (this one at once).
      void store.changes.publish({ kind: 'seats', showId });
      const booking = result.booking;
      const answer = { success: true as const, bookingId: booking.id, holdExpiresAt: booking.holdExpiresAt.toISOString() };
      try {
        const user = { id: request.identity!.sub, name: request.identity!.name, email: request.identity!.email };
        const started = await withDeadline(payments.startCheckout({ ...booking, show, user }), providerDeadlineMs, (error) =>
          request.log.warn({ err: error, bookingId: booking.id }, 'payment session creation failed after the answer was sent'),
        );
        if (started?.paymentSessionId && started.paymentLink) return { ...answer, url: started.paymentLink };
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        // Policy: the booking stays held and payable; its link retries the provider, and the hold
        // sweeper releases the seats when the hold ends if it is never paid.
        request.log.warn({ err: error, bookingId: booking.id }, 'payment provider did not open a session; booking kept payable');
      }
      return {
        ...answer,
        url: retryLink,
        message: `Your seats are held until ${time(booking.holdExpiresAt)}, but the payment page could not be opened just now. Follow the payment link to try again.`,
      };
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
      const found = await store.bookings.findByPaymentSession(request.body.sessionId);
      // Another person's session answers exactly like an unknown one: nothing to learn by guessing.
      if (!found || found.userId !== request.identity!.sub) throw notFound('Payment session not found');
      if (!found.isPaid && found.refundStatus === null) {
        // Ask the provider now rather than wait for the webhook; settling twice changes nothing.
        try {
          const session = await withDeadline(payments.provider.retrieveSession(request.body.sessionId), providerDeadlineMs, () => {});
          if (session) await payments.settleSession(session);
        } catch (error) {
          if (!(error instanceof PaymentProviderError)) throw error;
          request.log.warn({ err: error, bookingId: found.id }, 'verify-payment: provider unavailable; answering from the stored state');
        }
      }
      const booking = (await store.bookings.getWithDetails(found.id))!;
      const summary = {
        movieTitle: booking.show.movie.title,
        amount: toUnits(booking.amountCents),
        seats: booking.seats,
        bookingId: booking.id,
        showDateTime: booking.show.startsAt.toISOString(),
        ticketCode: booking.isPaid ? booking.ticketCode : null,
      };
      if (booking.isPaid) return { success: true, message: 'Payment confirmed', booking: summary };
      if (booking.refundStatus) {
        return {
          success: false,
          message: 'Your payment arrived after the hold ended and the seats had been taken; it is refunded in full',
          booking: summary,
        };
      }
      if (booking.status === 'cancelled') return { success: false, message: 'This booking was cancelled: it was not paid in time', booking: summary };
      return { success: false, message: 'Payment is still processing', booking: summary };
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
