import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { trace } from '@opentelemetry/api';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
/** An incoming id is kept only when it is short and plain (nginx's $request_id is 32 hex digits): it goes into every log line. */
const PLAIN_ID = /^[\w.:@-]{1,128}$/;
/** W3C trace context: version, trace id, parent span id, flags. */
const TRACEPARENT = /^[\da-f]{2}-([\da-f]{32})-[\da-f]{16}-[\da-f]{2}$/;

/** Never logged: credentials, cookies, signatures, card fields (the local checkout's form), wherever they appear. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  '*.authorization',
  '*.password',
  '*.cardNumber',
  '*.cvc',
  '*.expiry',
];

/** The request's id: the proxy's X-Request-Id (nginx `proxy_set_header X-Request-Id $request_id`) when plain, else a new one. */
function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && PLAIN_ID.test(given) ? given : randomUUID();
}

/** The trace id the caller's `traceparent` names (the browser's, or a proxy's), if it is well formed. */
function traceIdOf(request: IncomingMessage): string | undefined {
  const header = request.headers.traceparent;
  const match = typeof header === 'string' ? TRACEPARENT.exec(header) : null;
  return match && !/^0+$/.test(match[1]!) ? match[1] : undefined;
}

/**
 * The service's logging and request ids. Each request's log lines carry `reqId` (the incoming X-Request-Id,
 * echoed in the answer) and `traceId`: the caller's traceparent's, or with tracing on the active span's (the
 * same trace, continued, or a new one). Secrets and card fields are redacted.
 */
export function requestLogging(level: string): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'requestIdHeader' | 'childLoggerFactory'> {
  return {
    logger: {
      level,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      // With tracing on, a line logged inside a span names its trace unless the request's bindings already do.
      mixin: (_merged, _level, logger) => {
        const span = trace.getActiveSpan();
        return span && !('traceId' in logger.bindings()) ? { traceId: span.spanContext().traceId } : {};
      },
    },
    requestIdHeader: false, // read (and checked) by genReqId instead
    genReqId: requestIdOf,
    childLoggerFactory(logger, bindings, options, rawRequest) {
      const traceId = traceIdOf(rawRequest as IncomingMessage);
      return logger.child(traceId ? { ...bindings, traceId } : bindings, options);
    },
  };
}

/** Echoes the request id in every answer, so a client's report names the log lines to read. */
export function echoRequestId(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
