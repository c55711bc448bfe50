import { Type } from 'typebox';
import { ErrorSchema, failureMeaning, type FailureStatus } from './failures.ts';

/**
 * Answers that are not JSON, declared by content type: an image, a page, a
 * redirect, an event stream. Nothing serializes them; the OpenAPI document and
 * the route contract test read them.
 */

const text = (mediaType: string, description: string) => ({ description, content: { [mediaType]: { schema: Type.String() } } });

export const SvgImage = text('image/svg+xml', 'An SVG image');
export const javaScript = (description: string) => text('text/javascript', description);
export const htmlPage = (description: string) => text('text/html', description);
export const csvFile = (description: string) => text('text/csv', description);
/**
 * A stream of server-sent events. In OpenAPI 3.0 an event stream's `schema` describes each event as EventSource reads
 * it (OpenAPI 3.2's `itemSchema`): its name, its data (JSON text), and an id or reconnection delay when sent. Comment
 * heartbeats are not events. `events`: the names the stream sends.
 */
export const eventStream = (description: string, events: readonly [string, ...string[]]) => ({
  description,
  content: {
    'text/event-stream': {
      schema: Type.Object({
        event: Type.Union(events.map((name) => Type.Literal(name)), { description: 'The event name' }),
        data: Type.String({ description: 'The event data, JSON' }),
        id: Type.Optional(Type.String()),
        retry: Type.Optional(Type.Integer({ minimum: 0, description: 'Milliseconds before a reconnection' })),
      }),
    },
  },
});
export const redirect = (description: string) => ({ description, type: 'null' });

/** A failure of a page route: a page for people from the route, the envelope when the request never reached it (bad input). */
export function htmlPageOrError(status: FailureStatus, page: string) {
  return {
    description: `${failureMeaning(status)}; ${page}`,
    content: { 'text/html': { schema: Type.String() }, 'application/json': { schema: ErrorSchema } },
  };
}
