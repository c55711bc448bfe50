import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A JSON answer serialized ahead of time, plain and (when worth it) gzipped; the read cache keeps these. */
export interface SerializedJson {
  plain: Buffer;
  gzip: Buffer | null;
}

/** Below this size compression saves less than it costs. */
const GZIP_MIN_BYTES = 1024;

/**
 * Serializes once so every cache hit costs neither JSON.stringify nor compression. The bytes skip the
 * route's response serializer, so callers type the value with the route's answer (`satisfies`), and
 * test/cached-answers.test.ts checks the bytes against the route's declared schema.
 */
export function serializeJson(value: unknown): SerializedJson {
  const plain = Buffer.from(JSON.stringify(value));
  return { plain, gzip: plain.length >= GZIP_MIN_BYTES ? gzipSync(plain, { level: 6 }) : null };
}

/**
 * Sends a pre-serialized answer: gzipped when the client accepts it (every
 * browser does), plain otherwise. Fastify passes a buffer through as is.
 */
export function sendSerialized(request: FastifyRequest, reply: FastifyReply, json: SerializedJson): FastifyReply {
  reply.type('application/json; charset=utf-8');
  if (!json.gzip) return reply.send(json.plain as never);
  reply.header('vary', 'Accept-Encoding');
  if (!/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) return reply.send(json.plain as never);
  return reply.header('content-encoding', 'gzip').send(json.gzip as never);
}
