import pino, { type Bindings, type Logger } from 'pino';

/** What one access line says of a request (traces-and-logs.md). */
export interface AccessFields {
  method: string;
  url: string;
  /** The route's pattern; undefined when no route matched (a 404). */
  route: string | undefined;
  status: number;
  ms: number;
}

export type AccessLevel = 'info' | 'warn' | 'error';

/** Writes one access line with the request's own fields (`reqId`, `traceId`); nothing when the level is off. */
export type AccessLineWriter = (level: AccessLevel, request: Bindings, fields: AccessFields) => void;

interface DestinationStream {
  write(line: string): unknown;
}

// pino's state of a logger, which it exposes to integrations through pino.symbols.
const { chindingsSym, hooksSym, mixinSym, streamSym, timeSym } = pino.symbols;
const needsMetadata = Symbol.for('pino.metadata');

/**
 * The access line as pino would write it (`{"level":30,"time":…,"pid":…,"hostname":…,"reqId":…,"method":…,"url":…,
 * "route":…,"status":…,"ms":…,"msg":"request"}`), but built as one string by hand and appended to the logger's own
 * destination (the batched stdout of log-destination.ts): no object a request, no pass over its keys, no
 * serializers. Measured on the hook bench's access-log row (docs/performance.md, 2026-11-28). The values a
 * client chooses (the URL, its X-Request-Id) are JSON-escaped; the rest are the service's own (the method is one
 * of the methods Node's parser accepts, the route a pattern of ours, the trace id 32 hex digits).
 *
 * Returns null where the line must go through pino itself: a logger that is not pino's (logging off), or one that
 * adds to every line (a mixin: with tracing on, the active span's trace id), rewrites it (a streamWrite hook) or
 * writes to a multistream that needs each line's metadata.
 */
export function handWrittenAccessLine(logger: Logger): AccessLineWriter | null {
  const state = logger as unknown as Record<symbol, unknown>;
  const stream = state[streamSym] as (DestinationStream & Record<symbol, unknown>) | undefined;
  const chindings = state[chindingsSym];
  const time = state[timeSym];
  if (!stream || typeof stream.write !== 'function' || typeof chindings !== 'string' || typeof time !== 'function') return null;
  if (state[mixinSym] || (state[hooksSym] as { streamWrite?: unknown } | undefined)?.streamWrite || stream[needsMetadata] === true) return null;
  const levels = logger.levels.values;
  const now = time as () => string;
  return (level, request, fields) => {
    const value = levels[level]!;
    if (value < logger.levelVal) return;
    let line = `{"level":${value}${now()}${chindings}`;
    for (const key in request) {
      const field: unknown = request[key];
      if (field !== undefined) line += `,"${key}":${JSON.stringify(field)}`;
    }
    line += `,"method":"${fields.method}","url":${JSON.stringify(fields.url)}`;
    if (fields.route !== undefined) line += `,"route":${JSON.stringify(fields.route)}`;
    stream.write(`${line},"status":${fields.status},"ms":${fields.ms},"msg":"request"}\n`);
  };
}
