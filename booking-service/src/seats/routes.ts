import type { AppDeps } from '../app-deps.ts';
import { ShowIdParams } from '../contract/schemas.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { notFound } from '../http/errors.ts';

const HEARTBEAT_MS = 20_000;

/**
 * GET /api/booking/seats/:showId/events: server-sent events with the show's
 * taken seats, once on connect and on every change (`event: seats`,
 * `data: {"occupiedSeats":[...]}`), and a comment heartbeat.
 */
export async function seatEventsRoutes(app: AppInstance, { store, seatFeed: feed }: AppDeps) {
  const open = new Set<() => void>();
  // Streams never end on their own: close them when the service shuts down, or it would wait for them.
  app.addHook('preClose', async () => {
    for (const end of open) end();
    feed.close();
  });

  app.get(
    '/api/booking/seats/:showId/events',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Live seat map of a show (text/event-stream)',
        params: ShowIdParams,
      },
    },
    async (request, reply) => {
      const { showId } = request.params;
      if (!(await store.shows.get(showId))) throw notFound('Show not found');

      // The CORS and security headers set by the hooks travel with the stream's head.
      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      response.write('retry: 3000\n\n');
      const unsubscribe = feed.subscribe(showId, (occupiedSeats) => {
        response.write(`event: seats\ndata: ${JSON.stringify({ occupiedSeats })}\n\n`);
      });
      const heartbeat = setInterval(() => response.write(': keep-alive\n\n'), HEARTBEAT_MS);
      const end = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(end);
        response.end();
      };
      open.add(end);
      request.raw.on('close', end);
    },
  );
}
