import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, type HttpError } from './errors.ts';

/**
 * Text the service refuses anywhere in a request, each with why:
 * - NUL: PostgreSQL's text cannot hold it (the query then fails with a 500, Schemathesis found one in List Bookings'
 *   search), and nothing a person types contains it;
 * - an unpaired UTF-16 surrogate: not a character; it cannot be encoded as UTF-8, so it would be stored mangled;
 * - the bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069): they make a name read
 *   differently from what it is ("Trojan Source"); right-to-left scripts never need them typed in.
 */
const UNSTORABLE_UNITS = /\u0000|[\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function describe(found: string): string {
  if (found === '\u0000') return 'a NUL character';
  const code = found.charCodeAt(0);
  if (code >= 0xd800 && code <= 0xdfff) return 'an unpaired surrogate (not a character)';
  return `a bidirectional control character (U+${code.toString(16).toUpperCase()})`;
}

/** The first string of `value` (walked into objects and arrays) holding refused text, as "<field> contains ...". */
export function unstorableTextProblem(value: unknown, field: string): string | null {
  if (typeof value === 'string') {
    const found = UNSTORABLE_UNITS.exec(value);
    return found ? `${field} contains ${describe(found[0])}` : null;
  }
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const problem = unstorableTextProblem(inner, Array.isArray(value) ? `${field}[${key}]` : field === 'The body' ? key : `${field}.${key}`);
    if (problem) return problem;
  }
  return null;
}

/** Percent-encoded NUL, bidi controls (E2 80 AA-AE, E2 81 A6-A9) or surrogates (ED A0-BF): a URL worth decoding and checking. */
const SUSPECT_URL = /%00|%E2%80%A[A-E]|%E2%81%A[6-9]|%ED%[AB][0-9A-F]/i;

/**
 * A step of the onRequest hook: a path or query holding refused text is a 400 naming the parameter, before any
 * route reads it. Only URLs with such an escape are decoded, so an ordinary request pays one regular expression.
 */
export function refuseUnstorableUrl(request: FastifyRequest, _reply: FastifyReply): HttpError | void {
  const url = request.url;
  if (url.indexOf('%') === -1 || !SUSPECT_URL.test(url)) return;
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (SUSPECT_URL.test(path)) return badRequest(`The path contains ${describe(decodeOrRaw(path.match(SUSPECT_URL)![0]))}`);
  for (const [name, value] of new URLSearchParams(url.slice(queryAt + 1))) {
    const problem = unstorableTextProblem(value, name) ?? unstorableTextProblem(name, 'A query parameter name');
    if (problem) return badRequest(problem);
  }
}

function decodeOrRaw(escape: string): string {
  try {
    return decodeURIComponent(escape);
  } catch {
    // A lone surrogate's bytes are not UTF-8: decoding fails, and that is what it is.
    return '\uD800';
  }
}

/** Raw JSON can carry refused text only as a \u escape (NUL, a surrogate) or a raw bidi control. */
const SUSPECT_JSON = /\\u|[\u202A-\u202E\u2066-\u2069]/;

/** For a JSON body once parsed (`text` as it came): the problem as a 400 error naming the field, or null. */
export function unstorableBodyError(text: string, body: unknown): HttpError | null {
  if (!SUSPECT_JSON.test(text)) return null;
  const problem = unstorableTextProblem(body, 'The body');
  return problem ? badRequest(problem) : null;
}
