import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A JSON answer serialized ahead of time, plain and (when worth it) gzipped, with its entity tag; the read cache keeps these. */
export interface SerializedJson {
  plain: Buffer;
  gzip: Buffer | null;
  /** A weak validator of the content (both encodings are the same answer): `W/"…"`. */
  etag: string;
}

/** Below this size compression saves less than it costs. */
const GZIP_MIN_BYTES = 1024;

/**
 * Serializes once so every cache hit costs neither JSON.stringify nor compression nor hashing. The bytes skip the
 * route's response serializer, so callers type the value with the route's answer (`satisfies`), and
 * test/cached-answers.test.ts checks the bytes against the route's declared schema.
 */
export function serializeJson(value: unknown): SerializedJson {
  const plain = Buffer.from(JSON.stringify(value));
  return {
    plain,
    gzip: plain.length >= GZIP_MIN_BYTES ? gzipSync(plain, { level: 6 }) : null,
    etag: `W/"${createHash('sha1').update(plain).digest('base64url')}"`,
  };
}

/** Whether the client's If-None-Match names this tag (or `*`); weak comparison, as RFC 9110 has it for GET. */
function isFresh(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.slice(2); // without "W/"
  return ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === etag || candidate === opaque || candidate === `W/${opaque}`;
  });
}

/**
 * Sends a pre-serialized answer with its ETag: 304 without a body when the client's copy is current
 * (If-None-Match), else gzipped when the client accepts it (every browser does), plain otherwise. Fastify passes
 * a buffer through as is.
 */
export function sendSerialized(request: FastifyRequest, reply: FastifyReply, json: SerializedJson): FastifyReply {
  reply.header('etag', json.etag);
  // Added to what the answer already varies by (Origin, set for CORS), not in its place.
  if (json.gzip) {
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  }
  if (isFresh(request.headers['if-none-match'], json.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (!json.gzip || !/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) return reply.send(json.plain as never);
  return reply.header('content-encoding', 'gzip').send(json.gzip as never);
}
