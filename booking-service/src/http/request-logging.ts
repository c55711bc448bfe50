import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { trace } from '@opentelemetry/api';
import { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';

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

/**
 * A new request id costs a counter: this instance's random prefix (unique among instances, per start) and the
 * request's number in base 36, e.g. "3f9a1c07-1b2". A random UUID per request cost measurable throughput (issue 44).
 */
const INSTANCE_PREFIX = randomBytes(4).toString('hex');
let issued = 0;

/** The request's id: the proxy's X-Request-Id (nginx `proxy_set_header X-Request-Id $request_id`) when plain, else a new one. */
function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && PLAIN_ID.test(given) ? given : `${INSTANCE_PREFIX}-${(++issued).toString(36)}`;
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
export function requestLogging(level: string): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'requestIdHeader' | 'childLoggerFactory' | 'logController'> {
  return {
    // Fastify's own logging writes two lines a request ("incoming request", "request completed"): the access log
    // below writes one, with what both said.
    logController: new LogController({ disableRequestLogging: true }),
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

/**
 * The access log: one line per answered request ("request": method, url, route, status, ms), or one in `every`
 * (ACCESS_LOG_EVERY; 0 logs none of them), and every answer of 500 or more whatever the sampling, at error level.
 * Sampling is a counter, not a random draw, so a busy instance's share is exact.
 */
export function registerAccessLog(app: FastifyInstance, every: number) {
  let answered = 0;
  app.addHook('onResponse', (request, reply, done) => {
    answered += 1;
    const status = reply.statusCode;
    const failed = status >= 500;
    if (failed || (every > 0 && answered % every === 0)) {
      const line = { method: request.method, url: request.url, route: request.routeOptions.url, status, ms: Math.round(reply.elapsedTime * 10) / 10 };
      if (failed) request.log.error(line, 'request');
      else request.log.info(line, 'request');
    }
    done();
  });
}
