import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { trace } from '@opentelemetry/api';
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Logger } from 'pino';
import { handWrittenAccessLine } from './access-line.ts';
import { bufferedStdout } from './log-destination.ts';
import { RequestLogger } from './request-logger.ts';

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
 * request's number in base 36, e.g. "3f9a1c07-1b2". A random UUID per request cost measurable throughput.
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
export function requestLogging(
  level: string,
  { traced }: { traced: boolean },
): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'requestIdHeader' | 'childLoggerFactory' | 'logController'> {
  return {
    // Fastify's own logging writes two lines a request ("incoming request", "request completed"): the access log
    // below writes one, with what both said.
    logController: new LogController({ disableRequestLogging: true }),
    logger: {
      level,
      // Batched, asynchronous writes to stdout (log-destination.ts), flushed at shutdown.
      stream: bufferedStdout(),
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      // With tracing on, a line logged inside a span names its trace unless the request's bindings already do.
      // Without it there is no span to name, and no mixin: pino would merge its empty answer into every line.
      ...(traced && {
        mixin: (_merged: object, _level: number, logger: Logger) => {
          const span = trace.getActiveSpan();
          return span && !('traceId' in logger.bindings()) ? { traceId: span.spanContext().traceId } : {};
        },
      }),
    },
    requestIdHeader: false, // read (and checked) by genReqId instead
    genReqId: requestIdOf,
    childLoggerFactory(logger, bindings, options, rawRequest) {
      const traceId = traceIdOf(rawRequest as IncomingMessage);
      // Made into a pino child only if the request logs something beyond its access line (request-logger.ts).
      return new RequestLogger(logger as Logger, traceId ? { ...bindings, traceId } : bindings, options) as unknown as FastifyBaseLogger;
    },
  };
}

/** Echoes the request id in every answer, so a client's report names the log lines to read. A step of the one onRequest hook. */
export function echoRequestIdOn(request: FastifyRequest, reply: FastifyReply) {
  reply.header(REQUEST_ID_HEADER, request.id);
}

/** A step of the one onResponse hook: told of every answered request with its route's pattern (undefined: no route). */
export type AnsweredStep = (request: FastifyRequest, reply: FastifyReply, route: string | undefined) => void;

/**
 * The access log: one line per answered request ("request": method, url, route, status, ms), or one in `every`
 * (ACCESS_LOG_EVERY; 0 logs none of them) of the successful ones. Answers of 400 or more are never sampled away:
 * a 4xx at `warn`, a 5xx at `error`. Sampling is a counter, not a random draw, so a busy instance's share is exact.
 * The line carries the request's fields (`reqId`, `traceId`) and is built by hand into the log's destination
 * (access-line.ts); where pino must write it (tracing's mixin, logging off), one logger for all writes it: no child
 * logger a request either way.
 */
export function accessLog(logger: FastifyBaseLogger, every: number): AnsweredStep {
  const handWritten = handWrittenAccessLine(logger as Logger);
  // The line holds only its own fields (no headers, no body): redacting it would find nothing, and cost about
  // as much as writing it. Same destination, level and mixin as every other line.
  const viaPino = handWritten ? null : (logger as Logger).child({}, { redact: { paths: [] } });
  let answered = 0;
  return (request, reply, route) => {
    const status = reply.statusCode;
    if (status < 400 && (every <= 0 || ++answered % every !== 0)) return;
    const fields = { method: request.method, url: request.url, route, status, ms: Math.round(reply.elapsedTime * 10) / 10 };
    const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
    const log = request.log as unknown;
    if (!(log instanceof RequestLogger)) request.log[level](fields, 'request');
    else if (handWritten) handWritten(level, log.fields, fields);
    else log.line(viaPino!, level, fields, 'request');
  };
}
