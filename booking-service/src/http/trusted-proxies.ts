/**
 * Fastify's `trustProxy` from TRUST_PROXY (config.ts): the proxies' addresses as written, or a hop count, which
 * trusts that many proxies nearest to the service (the client is the address the farthest of them saw, whatever
 * the client wrote into X-Forwarded-For before it). Fastify takes a number at run time; its types do not.
 */
export function trustedProxies(setting: false | number | string): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}
