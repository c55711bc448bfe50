import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PATTERN_SENTENCES, RULES_IN_WORDS } from '../contract/schemas.ts';
import { HttpError } from './errors.ts';
import { unstorableBodyError } from './storable-text.ts';

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** "/showsInput/0/date" -> "showsInput[0].date" */
function fieldName(context: string, instancePath: string, extra?: string): string {
  const segments = instancePath.split('/').filter(Boolean);
  if (extra) segments.push(extra);
  const path = segments.map((s, i) => (/^\d+$/.test(s) ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
  return path || context;
}

/** One sentence that names the field and what is wrong with it. */
export function describeValidationIssue(context: string, issue: ValidationIssue): string {
  const { params } = issue;
  switch (issue.keyword) {
    case 'required':
      return `${fieldName(context, issue.instancePath, String(params.missingProperty))} is required`;
    case 'additionalProperties':
      return `${fieldName(context, issue.instancePath, String(params.additionalProperty))} is not an accepted field`;
    case 'type':
      return `${fieldName(context, issue.instancePath)} must be ${params.type === 'integer' ? 'a whole number' : `of type ${String(params.type)}`}`;
    case 'maxItems':
      return `${fieldName(context, issue.instancePath)} must have at most ${String(params.limit)} items`;
    case 'minItems':
      return `${fieldName(context, issue.instancePath)} must have at least ${String(params.limit)} item${params.limit === 1 ? '' : 's'}`;
    case 'maxLength':
      return `${fieldName(context, issue.instancePath)} must be at most ${String(params.limit)} characters`;
    case 'minLength':
      return `${fieldName(context, issue.instancePath)} must not be empty`;
    case 'pattern':
      if (PATTERN_SENTENCES[String(params.pattern)]) return PATTERN_SENTENCES[String(params.pattern)]!;
    // falls through: the rest of the patterns say what is wrong after the field's name
    case 'format':
    case 'multipleOf': {
      const inWords = (RULES_IN_WORDS[issue.keyword] as Record<string, string>)[String(params[issue.keyword])];
      return `${fieldName(context, issue.instancePath)} ${inWords ?? issue.message ?? 'is invalid'}`;
    }
    default:
      return `${fieldName(context, issue.instancePath)} ${issue.message ?? 'is invalid'}`;
  }
}

const SERVER_FAULT = 'Something went wrong on our side, please try again';
const DATABASE_UNAVAILABLE = 'The service is temporarily unavailable; please try again in a moment';

/**
 * Every failure leaves as `{ success: false, message }` with a real status
 * code. Details of server faults are logged, never sent.
 */
export interface ErrorHandlingOptions {
  /** Whether a failure is a passing outage of the database (answered 503 with Retry-After, not 500): store/unavailable.ts. */
  isTemporaryOutage(error: unknown): boolean;
}

export function registerErrorHandling(app: FastifyInstance, { isTemporaryOutage }: ErrorHandlingOptions) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ success: false, message: error.message, ...error.details });
    }
    if (error.validation) {
      const issue = error.validation[0] as ValidationIssue | undefined;
      const message = issue ? describeValidationIssue(error.validationContext ?? 'request', issue) : 'Invalid request';
      return reply.status(400).send({ success: false, message });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ success: false, message: 'Request body is too large' });
    }
    if (error instanceof SyntaxError && error.message === 'byte-order mark') {
      return reply.status(400).send({ success: false, message: 'Request body must not start with a byte-order mark' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError) {
      return reply.status(400).send({ success: false, message: 'Request body is not valid JSON' });
    }
    if (isTemporaryOutage(error)) {
      // The database is down or restarting: the same request can succeed shortly, so say so (503, not 500).
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '2').send({ success: false, message: DATABASE_UNAVAILABLE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ success: false, message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(status >= 500 ? status : 500).send({ success: false, message: SERVER_FAULT });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ success: false, message: `No route ${request.method} ${request.url.split('?')[0]}` });
  });
}

/**
 * Errors Fastify answers before any route runs (a malformed URL component, a
 * route parameter past maxParamLength), in the same envelope. Pass as the
 * `frameworkErrors` server option.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(414).send({ success: false, message: 'The address is too long' });
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply.status(400).send({ success: false, message: 'The address is not valid' });
  }
  return reply.status(error.statusCode && error.statusCode < 500 ? error.statusCode : 400).send({ success: false, message: 'Bad request' });
}

/**
 * Requests Node's HTTP parser refuses (headers too large, a request that is not
 * HTTP, a slow client): answered in the envelope, then the connection is closed.
 * Pass as the `clientErrorHandler` server option.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive']
        : [400, 'The request is not valid HTTP'];
  const body = JSON.stringify({ success: false, message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

const BYTE_ORDER_MARK = 0xfeff;

/**
 * JSON bodies as Fastify parses them (prototype poisoning refused), except that a
 * body starting with a byte-order mark is refused: JSON over HTTP has none (RFC 8259), and
 * accepting it would let two parsers disagree about the same bytes.
 */
export function registerStrictJsonParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.charCodeAt(0) === BYTE_ORDER_MARK) {
      const error = new SyntaxError('byte-order mark') as SyntaxError & { statusCode: number };
      error.statusCode = 400;
      return done(error, undefined);
    }
    return parse(request, text, (error: Error | null, value?: unknown) => {
      // Text no store can hold (a NUL, a lone surrogate, a bidi override) is refused here, naming the field.
      done(error ?? unstorableBodyError(text, value), error ? undefined : value);
    });
  });
}
