import { AdmittingNowResponse, CheckInBody, CheckInRefusedSchema, CheckInResponse, ShowCountParams, ShowCountResponse } from '../contract/check-in.ts';
import { failures } from '../contract/failures.ts';
import { CinemaFilterQuery } from '../contract/schemas.ts';
import { formatTheatreClock } from '../contract/theatre-time.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { badRequest, conflict, HttpError, notFound } from '../http/errors.ts';
import type { Auth } from '../identity/auth.ts';
import type { CinemaDirectory } from '../cinemas/cinema-directory.ts';
import type { CheckInResult, CheckInService } from './check-in-service.ts';
import { scanTextProblem } from './ticket-scan.ts';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];

export interface CheckInRoutesDeps {
  checkIn: CheckInService;
  auth: Auth;
  timeZone: string;
  /** The chain: the admitted show's screen; the door's cinema. */
  cinemas: Pick<CinemaDirectory, 'place' | 'cinema'>;
}

/** A refusal as its answer: 404 an unknown code, 409 with the reason (and the earlier admission) otherwise. */
function refusalError(result: Exclude<CheckInResult, { outcome: 'admitted' | 'throttled' }>) {
  if (result.outcome === 'unknown-ticket') return notFound(result.reason);
  const { booking, earlier } = result;
  return conflict(result.reason, {
    outcome: result.outcome,
    ...(booking && { booking: { bookingId: booking.id, movieTitle: booking.show.movie.title, showDateTime: booking.show.startsAt.toISOString(), seats: booking.seats } }),
    ...(earlier && { admittedAt: earlier.at.toISOString(), admittedDoor: earlier.door, admittedBy: earlier.staffName }),
  });
}

/** Door staff (the door role) and theatre staff (admin), /api/admin/check-in: a ticket scanned at a door. */
export async function checkInRoutes(app: AppInstance, { checkIn, auth, timeZone, cinemas }: CheckInRoutesDeps) {
  app.post(
    '/api/admin/check-in',
    {
      onRequest: auth.requireRole('admin', 'door'),
      schema: {
        tags,
        security,
        summary: 'Check a ticket in at a door: admitted once, in its show\'s admission window; every scan is logged',
        body: CheckInBody,
        response: { 200: CheckInResponse, ...failures(400, 401, 403, 404, 413, 415), 409: CheckInRefusedSchema },
      },
    },
    async (request, reply) => {
      const { code, door, cinemaId } = request.body;
      const problem = scanTextProblem('code', code) ?? scanTextProblem('door', door);
      if (problem) throw badRequest(problem);
      if (cinemaId !== undefined && !cinemas.cinema(cinemaId)) throw notFound('cinemaId names no cinema');
      const { sub, name } = request.identity!;
      const result = await checkIn.checkIn({ code, door: door.trim(), ...(cinemaId !== undefined && { cinemaId }), staff: { id: sub, name } });
      if (result.outcome === 'throttled') {
        void reply.header('retry-after', result.retryAfterSeconds);
        throw new HttpError(429, result.reason);
      }
      if (result.outcome !== 'admitted') throw refusalError(result);
      const { booking, checkIn: entry } = result;
      const tickets = booking.seats.length;
      return {
        success: true as const,
        message: `Admitted: ${tickets} ${tickets === 1 ? 'ticket' : 'tickets'}`,
        admission: {
          bookingId: booking.id,
          showId: booking.show.id,
          movieTitle: booking.show.movie.title,
          showDateTime: booking.show.startsAt.toISOString(),
          // On the clock of the show's cinema, the one on the door's wall.
          showTime: formatTheatreClock(booking.show.startsAt, cinemas.place(booking.show.screenId)?.cinema.timeZone ?? timeZone),
          // The show's screen, as its ticket names it (the door is at the show's cinema).
          hall: cinemas.place(booking.show.screenId)?.screen.name ?? booking.show.screenId,
          seats: booking.seats,
          tickets,
          door: entry.door,
          admittedAt: entry.at.toISOString(),
        },
      };
    },
  );

  app.get(
    '/api/admin/check-in/shows/:showId',
    {
      onRequest: auth.requireRole('admin', 'door'),
      schema: {
        tags,
        security,
        summary: "A show's door count, live: tickets admitted of tickets sold",
        params: ShowCountParams,
        response: { 200: ShowCountResponse, ...failures(400, 401, 403) },
      },
    },
    async (request) => {
      const { showId } = request.params;
      return { success: true as const, showId, ...(await checkIn.showCount(showId)) };
    },
  );

  app.get(
    '/api/admin/check-in/shows',
    {
      onRequest: auth.requireRole('admin', 'door'),
      schema: {
        tags,
        security,
        summary: 'The shows admitting now (admission window open), soonest first, each with tickets admitted of sold; ?cinemaId: one cinema\'s',
        querystring: CinemaFilterQuery,
        response: { 200: AdmittingNowResponse, ...failures(400, 401, 403) },
      },
    },
    async (request) => ({ success: true as const, shows: await checkIn.admittingNow(request.query.cinemaId) }),
  );
}
