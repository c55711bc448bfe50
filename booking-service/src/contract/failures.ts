import { Type, type Static } from 'typebox';

/**
 * The failure answers of the contract. Every failure leaves with a real status
 * code and the `{ success: false, message }` envelope (http/error-handler.ts);
 * every route declares which statuses it can answer, next to its success answer,
 * so the OpenAPI document and the typed client know them (test/route-contract.test.ts
 * holds every route to it).
 */

const message = Type.String({ description: 'What went wrong, in words for the person using the app' });

export const ErrorSchema = Type.Object({ success: Type.Literal(false), message });

/** 409 of POST /api/booking/create: the seats someone else took first (absent when the hold policy refused). */
export const SeatsTakenErrorSchema = Type.Object(
  {
    success: Type.Literal(false),
    message,
    takenSeats: Type.Optional(Type.Array(Type.String(), { description: 'Seats already held or sold; none of the request was held' })),
  },
  { description: 'Seats already taken, or the hold policy refused (the message says which seats and until when)' },
);

/** What each failure status means across the API; a route's own message says the particulars. */
const MEANING = {
  400: 'Bad input (the message names the field and what is wrong); nothing changed',
  401: 'Not signed in, or the access token is not valid',
  403: 'Signed in without the role this needs',
  404: 'Not found (someone else’s booking or payment session answers the same)',
  409: 'The current state does not allow this (the message says why); nothing changed',
  410: 'Gone: the booking was cancelled or its hold ended',
  413: 'Request body is too large',
  414: 'A path parameter is longer than 100 characters (the address is too long)',
  415: 'Unsupported content type',
  429: 'Too many requests from this address or account; try again later',
  500: 'A fault on the service’s side (details are logged, never sent)',
  502: 'An upstream service (the movie catalogue, the payment provider) did not answer',
  503: 'Temporarily unavailable (database, sign-in, or a capacity cap); try again shortly',
} as const;

export type FailureStatus = keyof typeof MEANING;

/** The failures any route can answer: the per-address rate limit, a fault, the service temporarily unavailable. */
const ANY_ROUTE: FailureStatus[] = [429, 500, 503];

type ErrorAnswer = typeof ErrorSchema;

/**
 * The `response` entries of a route's failures: the statuses given (its own) and
 * those every route can answer (429, 500, 503), each the error envelope.
 */
export function failures(...statuses: FailureStatus[]): Partial<Record<FailureStatus, ErrorAnswer>> {
  const answers: Partial<Record<FailureStatus, ErrorAnswer>> = {};
  for (const status of [...statuses, ...ANY_ROUTE]) {
    answers[status] = Type.Object({ success: Type.Literal(false), message }, { description: MEANING[status] });
  }
  return answers;
}

/** Only the methods whose requests can carry a body meet the body limit (413). */
const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);

type OpenApiOperation = { responses?: Record<string, unknown> };

/**
 * The failures that follow from an operation's shape, declared once for the whole OpenAPI document (the swagger
 * plugin's transformObject) rather than on every route: 414 where the path has a parameter (Fastify refuses one
 * longer than its maxParamLength, 100, before any route runs), 413 where a body may be sent (the body limit is read
 * before the route's schema). A route that declares them itself keeps its own.
 */
export function withShapeFailures<T extends object>(document: T): T {
  const paths = (document as { paths?: Record<string, Record<string, OpenApiOperation>> }).paths ?? {};
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const shared: FailureStatus[] = [...(path.includes('{') ? [414 as const] : []), ...(BODY_METHODS.has(method) ? [413 as const] : [])];
      for (const status of shared) {
        operation.responses ??= {};
        operation.responses[status] ??= { description: MEANING[status], content: { 'application/json': { schema: ErrorSchema } } };
      }
    }
  }
  return document;
}

/** The meaning of a failure status, for the failures answered by content type (contract/media.ts). */
export function failureMeaning(status: FailureStatus): string {
  return MEANING[status];
}

export type ErrorBody = Static<typeof ErrorSchema>;
export type SeatsTakenError = Static<typeof SeatsTakenErrorSchema>;

