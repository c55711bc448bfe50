import { Type } from 'typebox';
import { AdminCinemasResponse, CinemasResponse } from '../contract/cinema-responses.ts';
import { failures } from '../contract/failures.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { sendSerialized, serializeJson, type SerializedJson } from '../http/send-serialized.ts';
import type { Auth } from '../identity/auth.ts';
import type { CinemaDirectory } from './cinema-directory.ts';
import { cinemaJson, cinemaWithLayoutsJson } from './cinema-json.ts';

const CinemasQuery = Type.Object(
  { city: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Only the cinemas of this city' })) },
  { additionalProperties: false },
);

export interface CinemaRoutesDeps {
  cinemas: CinemaDirectory;
  auth: Auth;
}

/**
 * GET /api/cinemas (public) and GET /api/admin/cinemas (staff's screen picker). The chain changes only at
 * start, so each answer is serialized once, here. GET /api/cinemas/:cinemaId, which lists shows, is shows/'.
 */
export async function cinemaRoutes(app: AppInstance, { cinemas, auth }: CinemaRoutesDeps) {
  const answerFor = (city: string | undefined) =>
    serializeJson({
      success: true,
      cities: cinemas.cities(),
      cinemas: cinemas.all().filter((cinema) => city === undefined || cinema.city === city).map(cinemaJson),
    } satisfies CinemasResponse);
  const byCity = new Map<string | undefined, SerializedJson>([undefined, ...cinemas.cities()].map((city) => [city, answerFor(city)]));

  app.get(
    '/api/cinemas',
    {
      schema: {
        tags: ['cinemas'],
        summary: "The chain's cities and cinemas with their screens (no layouts); ?city= keeps one city's",
        querystring: CinemasQuery,
        response: { 200: CinemasResponse, ...failures(400) },
      },
    },
    async (request, reply) => sendSerialized(request, reply, byCity.get(request.query.city) ?? answerFor(request.query.city)),
  );

  const adminAnswer = { success: true as const, cinemas: cinemas.all().map(cinemaWithLayoutsJson) };
  app.get(
    '/api/admin/cinemas',
    {
      onRequest: auth.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Every cinema with its screens and their seat layouts (admin: Add Shows)',
        security: [{ bearerAuth: [] }],
        response: { 200: AdminCinemasResponse, ...failures(401, 403) },
      },
    },
    async () => adminAnswer,
  );
}
