import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { answeredDatabaseWork, attributeDatabaseWork, BACKGROUND_WORK, createCommandTap, routeOfDatabaseWork } from './database-commands.ts';

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** A server whose one hook pair attributes work as the service's do; each route reports where its work counts. */
async function server(handler: (seen: string[]) => Promise<unknown>) {
  const app = Fastify();
  apps.push(app);
  app.addHook('onRequest', (request, _reply, done) => {
    attributeDatabaseWork(request);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    answeredDatabaseWork(request, reply);
    done();
  });
  const seen: string[] = [];
  app.post('/shows/:showId/book', () => handler(seen));
  app.get('/shows/:showId', () => handler(seen));
  return { app, seen };
}

describe('database work by request', () => {
  it('counts work under the route pattern through awaits and a streamed request body, and outside any request as background', async () => {
    const { app, seen } = await server(async (seen) => {
      seen.push(routeOfDatabaseWork());
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push(routeOfDatabaseWork());
      return {};
    });
    await app.inject({ method: 'POST', url: '/shows/1/book', payload: { note: 'x'.repeat(100_000) } });
    await app.inject({ method: 'GET', url: '/shows/2' });
    expect(seen).toEqual(['/shows/:showId/book', '/shows/:showId/book', '/shows/:showId', '/shows/:showId']);
    expect(routeOfDatabaseWork()).toBe(BACKGROUND_WORK);
  });

  it('counts work a request leaves behind as background once it is answered', async () => {
    let later!: Promise<string>;
    const { app } = await server(async () => {
      later = new Promise((resolve) => setTimeout(() => resolve(routeOfDatabaseWork()), 30));
      return {};
    });
    await app.inject({ method: 'GET', url: '/shows/3' });
    expect(await later).toBe(BACKGROUND_WORK);
  });

  it("tells every listener of a store's tap, until it stops listening", () => {
    const tap = createCommandTap();
    const heard: string[] = [];
    const stop = tap.listen((command) => heard.push(command.name));
    tap.listen((command) => heard.push(`also ${command.name}`));
    tap.sent({ name: 'select', rowsRead: 1, rowsWritten: 0 });
    stop();
    tap.sent({ name: 'update', rowsRead: 0, rowsWritten: 1 });
    expect(heard).toEqual(['select', 'also select', 'also update']);
  });
});
