import { AcceptedResponse, RemoteEventCountsResponse } from '../contract/responses.ts';
import { RemoteEventBody } from '../contract/schemas.ts';
import { failures } from '../contract/failures.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { badRequest } from '../http/errors.ts';
import type { RemoteEventCounts } from './remote-event-counts.ts';

/** A report is about 80 bytes. */
const EVENT_BODY_LIMIT = 1024;

export interface RemoteHealthRoutesDeps {
  counts: RemoteEventCounts;
  /**
   * Reports per address and minute (REMOTE_EVENTS_RATE_LIMIT_PER_MINUTE, default 60): a page view reports
   * each remote it loads once, so a burst of reloads stays under it and a flood does not.
   */
  perMinute: number;
}

/**
 * The shell's reports of each remote version's loads and failures (a beacon:
 * remote name, release id and what happened, nothing about the visitor), and
 * their counts, which the deploy command's canary watch and the debug remote
 * read. Public: aggregate counts of releases, like /api/health.
 */
export async function remoteHealthRoutes(app: AppInstance, { counts, perMinute }: RemoteHealthRoutesDeps) {
  // navigator.sendBeacon posts a string as text/plain (no CORS preflight): read as JSON, for this plugin's routes only.
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: EVENT_BODY_LIMIT }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(badRequest('The report must be JSON'), undefined);
    }
  });

  app.post(
    '/api/remote-events',
    {
      bodyLimit: EVENT_BODY_LIMIT,
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['frontends'],
        summary: "The shell's report of one remote load: loaded, load-failed or render-failed, with the remote's release id",
        description: 'JSON, sent as application/json or text/plain (navigator.sendBeacon). Limited per address (REMOTE_EVENTS_RATE_LIMIT_PER_MINUTE).',
        body: RemoteEventBody,
        response: { 202: AcceptedResponse, ...failures(400, 413, 415) },
      },
    },
    async (request, reply) => {
      counts.record(request.body.remote, request.body.version, request.body.event);
      return reply.code(202).send({ success: true as const });
    },
  );

  app.get(
    '/api/remote-events',
    {
      schema: {
        tags: ['frontends'],
        summary: 'Loads and failures per remote version, as reported since this instance started',
        response: { 200: RemoteEventCountsResponse, ...failures() },
      },
    },
    async () => ({ success: true as const, versions: counts.all() }),
  );
}
