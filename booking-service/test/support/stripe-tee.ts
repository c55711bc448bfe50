import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tee in front of two Stripe API servers: every request the adapter sends is
 * forwarded, byte for byte with its headers, to the stand-in (whose answer the
 * adapter gets: it keeps state) and to stripe-mock (which checks it against
 * Stripe's OpenAPI specification and answers from Stripe's fixtures). Both
 * answers are recorded, so a test can see stripe-mock accept every call and
 * compare the stand-in's answers with Stripe's.
 */

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export interface TeedCall {
  method: string;
  path: string;
  standIn: Answer;
  stripeMock: Answer;
}

export interface StripeTee {
  url: string;
  port: number;
  calls: TeedCall[];
  close(): Promise<void>;
}

async function forward(base: string, method: string, path: string, headers: http.IncomingHttpHeaders, body: Buffer): Promise<Answer> {
  const outgoing = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (name === 'host' || name === 'content-length' || name === 'connection' || value === undefined) continue;
    outgoing.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const response = await fetch(`${base}${path}`, { method, headers: outgoing, ...(method === 'GET' ? {} : { body: new Uint8Array(body) }) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export async function startStripeTee(standInUrl: string, stripeMockUrl: string): Promise<StripeTee> {
  const calls: TeedCall[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const method = request.method ?? 'GET';
      const path = request.url ?? '/';
      const body = Buffer.concat(chunks);
      void Promise.all([forward(standInUrl, method, path, request.headers, body), forward(stripeMockUrl, method, path, request.headers, body)]).then(
        ([standIn, stripeMock]) => {
          calls.push({ method, path: new URL(path, 'http://tee').pathname, standIn, stripeMock });
          response.writeHead(standIn.status, { 'content-type': 'application/json' });
          response.end(JSON.stringify(standIn.body));
        },
        (error: unknown) => {
          response.writeHead(502, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: { type: 'api_error', message: `tee: ${String(error)}` } }));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    calls,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
