import type { FastifyReply } from 'fastify';

/**
 * Sends JSON that was serialized ahead of time (the read cache keeps answers
 * as strings). Fastify passes a string with a JSON content type through as is.
 */
export function sendSerialized(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json as never);
}
