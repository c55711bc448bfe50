import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
// The same code `npm start` runs.
import { startStack } from '../../scripts/stack.mjs';
import { addHallOnlyDates } from './hall-only-dates';
import { browserStack, type BrowserStack } from './test-stack';

type Stack = Awaited<ReturnType<typeof startStack>>;

/**
 * Starts the whole product from its production builds on fresh data, once per worker (the config's `workers`: each
 * worker's tests have a stack of their own, on its own ports, DATA_DIR and identity provider: test-stack.ts), all at
 * once; each with a tiny control server on loopback so tests can take a frontend down and back, and change the
 * shell's /remotes.json as a deployment does.
 */
export default async function globalSetup(config: FullConfig) {
  const started = await Promise.allSettled(Array.from({ length: config.workers }, (_, index) => startTestStack(browserStack(index))));
  const stops = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopAll = async () => void (await Promise.all(stops.map((stop) => stop())));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  return stopAll;
}

/** One worker's stack on fresh data, with what some tests need whatever the hour, and its control server; resolves to its stop. */
async function startTestStack(stack: BrowserStack): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `browser-tests-${stack.index}-`));
  let running: Stack | null = null;
  let control: http.Server | null = null;
  const stop = async () => {
    if (control) await new Promise<void>((resolve) => control!.close(() => resolve()));
    await running?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // Every test's page views report their remote loads from one address: more than a visitor's limit. The door opens
    // 3 hours before a show (default: 1): a ticket may then be changed within the cancellation policy (until 2 hours
    // before) and scanned at the door in the same test (partial-cancellation.spec.ts), as a day apart would in life.
    const env = { REMOTE_EVENTS_RATE_LIMIT_PER_MINUTE: '6000', CHECK_IN_OPENS_MINUTES_BEFORE: '180' };
    running = await startStack({ ports: { ...stack.ports }, dataDir, log: false, env });
    // Tests mint tokens from the stack's identity provider's key, as `npm run token` does; the workers inherit it.
    process.env[stack.dataDirVariable] = dataDir;
    await addHallOnlyDates(stack);
    control = await serveControl(running, stack.controlUrl);
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}

/** The control server of `stack` at `url`: see control(), setRemotes() and setFirstView() in test-stack.ts. */
async function serveControl(stack: Stack, url: string): Promise<http.Server> {
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
  const { port } = new URL(url);
  await new Promise<void>((resolve, reject) => {
    control.once('error', reject);
    control.listen(Number(port), '127.0.0.1', resolve);
  });
  return control;
}
