import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// The same code `npm start` runs.
import { startStack } from '../../scripts/stack.mjs';
import { addHallOnlyDates } from './hall-only-dates';
import { CONTROL_URL, TEST_PORTS } from './test-stack';

/**
 * Starts the whole product from its production builds on fresh data, plus a
 * tiny control server on loopback so tests can take a frontend down and back,
 * and change the shell's /remotes.json as a deployment does.
 */
export default async function globalSetup() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'browser-tests-'));
  // Every test's page views report their remote loads from one address: more than a visitor's limit. The door opens
  // 3 hours before a show (default: 1): a ticket may then be changed within the cancellation policy (until 2 hours
  // before) and scanned at the door in the same test (partial-cancellation.spec.ts), as a day apart would in life.
  const env = { REMOTE_EVENTS_RATE_LIMIT_PER_MINUTE: '6000', CHECK_IN_OPENS_MINUTES_BEFORE: '180' };
  const stack = await startStack({ ports: { ...TEST_PORTS }, dataDir, log: false, env });
  // Tests mint tokens from the local identity provider's key, as `npm run token` does.
  process.env.TEST_STACK_DATA_DIR = dataDir;
  await addHallOnlyDates();
  const control = http.createServer((request, response) => {
    // Each control call on a connection of its own: a test that waits longer than the server's keep-alive timeout
    // (5 s) between two calls had its pooled connection closed under the second ("fetch failed: other side closed").
    response.shouldKeepAlive = false;
    if (request.method === 'PUT' && request.url === '/remotes') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        stack.setRemotes(JSON.parse(body)).then(
          () => response.writeHead(204).end(),
          (error: Error) => response.writeHead(500).end(error.message),
        );
      });
      return;
    }
    if (request.method === 'PUT' && request.url === '/first-view') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        stack.setFirstView(body === 'on');
        response.writeHead(204).end();
      });
      return;
    }
    const match = /^\/(stop|start)\/(shell|customer|admin|debug|backend)$/.exec(request.url ?? '');
    if (request.method !== 'POST' || !match) {
      response.writeHead(404).end();
      return;
    }
    const [, action, name] = match as unknown as [string, 'stop' | 'start', 'shell' | 'customer' | 'admin' | 'debug' | 'backend'];
    const task =
      name === 'backend' ? (action === 'stop' ? stack.stopBackend() : stack.startBackend()) : action === 'stop' ? stack.stopFrontend(name) : stack.startFrontend(name);
    task.then(
      () => response.writeHead(204).end(),
      (error: Error) => response.writeHead(500).end(error.message),
    );
  });
  const { port } = new URL(CONTROL_URL);
  await new Promise<void>((resolve) => control.listen(Number(port), '127.0.0.1', resolve));

  return async () => {
    await new Promise<void>((resolve) => control.close(() => resolve()));
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
