import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SCREEN_ID } from '../src/cinemas/built-in-chain.ts';
import { builtService, builtServiceEnv, freePort, startProcess, stop } from './support/processes.ts';
import { startTestSigner, type TestSigner } from './support/signer.ts';
import { laneLeftOut } from './support/lane-selection.ts';

const skipReason = existsSync(builtService) ? null : 'tracing test skipped: the service is not built (npm test builds it first)';
if (skipReason) console.warn(skipReason);

interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  scope: string;
  attributes: Record<string, unknown>;
}

/** OTLP/JSON ids are hex; the protobuf-to-JSON mapping would give base64: accept both. */
function hex(id: string | undefined): string | undefined {
  if (!id) return undefined;
  return /^[\da-f]+$/.test(id) ? id : Buffer.from(id, 'base64').toString('hex');
}

/** A local OTLP/HTTP receiver (JSON): what the service's exporter posts to /v1/traces, flattened. */
async function startOtlpReceiver() {
  const spans: ReceivedSpan[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces' && String(request.headers['content-type']).includes('json')) {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans: { scopeSpans: { scope: { name: string }; spans: (Omit<ReceivedSpan, 'scope' | 'attributes'> & { attributes?: { key: string; value: Record<string, unknown> }[] })[] }[] }[];
        };
        for (const resource of body.resourceSpans) {
          for (const { scope, spans: list } of resource.scopeSpans) {
            for (const span of list) {
              const attributes = Object.fromEntries((span.attributes ?? []).map(({ key, value }) => [key, Object.values(value)[0]]));
              spans.push({ ...span, traceId: hex(span.traceId)!, spanId: hex(span.spanId)!, parentSpanId: hex(span.parentSpanId), scope: scope.name, attributes });
            }
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { spans, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * The built service with OTEL_EXPORTER_OTLP_ENDPOINT pointing at a local receiver: a booking made with
 * the browser's traceparent arrives as one trace (the caller's) with the HTTP request and its database
 * queries, and its log lines carry the request id and that trace id, never the token or a card number.
 */
describe.skipIf(skipReason !== null || laneLeftOut('pglite') !== null)('traces and logs of the built service', () => {
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let signer: TestSigner;
  let child: ChildProcess;
  let dataDir: string;
  let logFile: string;
  let base: string;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    signer = await startTestSigner();
    dataDir = mkdtempSync(path.join(tmpdir(), 'tracing-'));
    logFile = path.join(dataDir, 'service.log');
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env = {
      ...builtServiceEnv({ port, dataDir: path.join(dataDir, 'data'), databaseUrl: '', jwksUrl: signer.jwksUrl, logLevel: 'warn' }),
      LOG_LEVEL: 'info',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    };
    child = await startProcess(process.execPath, [builtService], env, `${base}/api/health/ready`, { logFile });
  });
  afterAll(async () => {
    if (child) await stop(child, 10_000);
    await signer?.close();
    await receiver?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('one booking is one trace with HTTP and database spans, under the traceparent the browser sent', async () => {
    const traceId = randomBytes(16).toString('hex');
    const browserSpanId = randomBytes(8).toString('hex');
    const all = (await (await fetch(`${base}/api/show/all`)).json()) as { shows: { _id: string }[] };
    const detail = (await (await fetch(`${base}/api/show/${all.shows[0]!._id}`)).json()) as { dateTime: Record<string, { showId: string }[]> };
    // On the spec's hall (its seat ids), whatever the hour: the seed plays every screen, each on its cinema's clock.
    const showId = (Object.values(detail.dateTime) as { showId: string; screenId?: string }[][]).flat().filter((s) => s.screenId === DEFAULT_SCREEN_ID).at(-1)!.showId;
    const token = await signer.token({ email: 'traced@example.com', sub: 'trace|one' });

    const booked = await fetch(`${base}/api/booking/create`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        traceparent: `00-${traceId}-${browserSpanId}-01`,
        'x-request-id': 'nginx-4f2a9c',
      },
      body: JSON.stringify({ showId, selectedSeats: ['J8'] }),
    });
    expect(booked.status).toBe(200);
    expect(booked.headers.get('x-request-id')).toBe('nginx-4f2a9c');
    const { url: paymentUrl } = (await booked.json()) as { url: string };
    // The local checkout's card form, as a browser posts it.
    const paid = await fetch(`${base}${new URL(paymentUrl).pathname}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-request-id': 'nginx-card-7' },
      body: new URLSearchParams({ cardNumber: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '987', name: 'Maya Moviegoer' }).toString(),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);

    const deadline = Date.now() + 15_000;
    let trace: ReceivedSpan[] = [];
    while (Date.now() < deadline) {
      trace = receiver.spans.filter((span) => span.traceId === traceId);
      if (trace.some((s) => s.scope.includes('instrumentation-pg')) && trace.some((s) => s.kind === 2)) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const request = trace.find((span) => span.kind === 2); // SERVER
    expect(request, JSON.stringify(receiver.spans.map((s) => [s.name, s.traceId]))).toBeDefined();
    expect(request!.parentSpanId).toBe(browserSpanId);
    expect(request!.attributes['http.route'] ?? request!.name).toMatch(/\/api\/booking\/create/);
    const queries = trace.filter((span) => span.scope.includes('instrumentation-pg'));
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.some((span) => String(span.attributes['db.system.name'] ?? span.attributes['db.system']).includes('postgres'))).toBe(true);
    // Every span of the booking hangs from the request: one trace, one tree.
    const ids = new Set(trace.map((span) => span.spanId));
    for (const span of trace.filter((s) => s !== request)) expect(ids.has(span.parentSpanId!), span.name).toBe(true);

    const lines = readFileSync(logFile, 'utf8').split('\n').filter(Boolean);
    const ofBooking = lines.filter((line) => line.includes('"reqId":"nginx-4f2a9c"'));
    expect(ofBooking.length).toBeGreaterThan(0);
    for (const line of ofBooking) expect(JSON.parse(line)).toMatchObject({ traceId });
    expect(lines.some((line) => line.includes('"reqId":"nginx-card-7"'))).toBe(true);
    const everything = lines.join('\n');
    expect(everything).not.toContain(token);
    expect(everything).not.toMatch(/4242 4242|4242424242424242/);
    expect(everything).not.toMatch(/"987"/);
  });

  it('answers with a new request id when none (or an unsafe one) came', async () => {
    const plain = await fetch(`${base}/api/health/live`);
    expect(plain.headers.get('x-request-id')).toMatch(/^[\da-f]{8}-[\da-z]+$/);
    const unsafe = await fetch(`${base}/api/health/live`, { headers: { 'x-request-id': 'evil"} injected' } });
    expect(unsafe.headers.get('x-request-id')).toMatch(/^[\da-f]{8}-[\da-z]+$/);
  });
});
