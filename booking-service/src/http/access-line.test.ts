import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { handWrittenAccessLine } from './access-line.ts';

/** A pino logger writing into `lines`, one string a write. */
function loggerInto(lines: string[], options: pino.LoggerOptions = {}) {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return pino({ level: 'info', ...options }, stream);
}

const HOSTILE_URL = '/api/show/all?q="},"level":60,"msg":"owned","x":"\\\u0001\u2028é\ud800';

describe('the access line written by hand', () => {
  it('is the line pino writes for the same fields, and valid JSON whatever the client put in the URL', async () => {
    const lines: string[] = [];
    const logger = loggerInto(lines);
    const write = handWrittenAccessLine(logger)!;
    expect(write).not.toBeNull();
    const request = { reqId: 'nginx-"7"\\', traceId: '4bf92f3577b34da6a3ce929d0e0e4736' };
    const fields = { method: 'GET', url: HOSTILE_URL, route: '/api/show/all', status: 200, ms: 1.3 };
    write('info', request, fields);
    logger.info({ ...request, ...fields }, 'request');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line.endsWith('}\n') && line.indexOf('\n') === line.length - 1).toBe(true);
    const [byHand, byPino] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(byHand).toMatchObject({ level: 30, msg: 'request', url: HOSTILE_URL, reqId: request.reqId, status: 200 });
    expect({ ...byHand, time: 0 }).toEqual({ ...byPino, time: 0 });
    expect(Object.keys(byHand!)).toEqual(Object.keys(byPino!));
  });

  it('leaves out a route when none matched, writes warn and error at their levels, and nothing below the logger level', async () => {
    const lines: string[] = [];
    const logger = loggerInto(lines, { level: 'warn' });
    const write = handWrittenAccessLine(logger)!;
    write('info', { reqId: 'a' }, { method: 'GET', url: '/x', route: '/x', status: 200, ms: 1 });
    write('warn', { reqId: 'b' }, { method: 'GET', url: '/nowhere', route: undefined, status: 404, ms: 0.2 });
    write('error', { reqId: 'c' }, { method: 'POST', url: '/y', route: '/y', status: 500, ms: 3 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ level: 40, reqId: 'b', url: '/nowhere', status: 404 }),
      expect.objectContaining({ level: 50, reqId: 'c', method: 'POST', status: 500 }),
    ]);
    expect(JSON.parse(lines[0]!)).not.toHaveProperty('route');
  });

  it('is not used where pino must write the line: a mixin (tracing on) or a streamWrite hook', () => {
    expect(handWrittenAccessLine(loggerInto([], { mixin: () => ({}) }))).toBeNull();
    expect(handWrittenAccessLine(loggerInto([], { hooks: { streamWrite: (line) => line } }))).toBeNull();
  });
});
