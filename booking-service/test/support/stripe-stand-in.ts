import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the parts of Stripe's API the service calls (Checkout
 * Sessions: create, retrieve, expire; Refunds: create), on 127.0.0.1 over HTTP,
 * answering in Stripe's formats, for stripe-node pointed at it with
 * host/port/protocol. Tests drive it: pay a session, make it slow or failing,
 * and read what was asked.
 */

export interface StandInRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
}

export type StripeObject = Record<string, unknown> & { id: string };

export interface StripeStandIn {
  url: string;
  port: number;
  sessions: Map<string, StripeObject>;
  refunds: StripeObject[];
  requests: StandInRequest[];
  /** Answer every request after this many milliseconds (0: at once). */
  delayMs: number;
  /** Answer the next n requests with a 500 api_error. */
  failNext: number;
  /** The customer pays the session at Stripe (no webhook is sent: deliver one yourself if wanted). */
  pay(sessionId: string, options?: { paymentStatus?: 'paid' | 'unpaid' }): StripeObject;
  /** A delayed payment method settles (or fails). */
  settleAsync(sessionId: string, outcome: 'paid' | 'failed'): StripeObject;
  /** Stripe expires the session (its expires_at passed). */
  expire(sessionId: string): StripeObject;
  /** A Stripe event about a session, as Stripe would send it. */
  event(type: string, sessionId: string, id?: string): { id: string; payload: string };
  close(): Promise<void>;
}

/** Parses Stripe's form encoding (`a[b][0][c]=1`) into nested objects and arrays. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      const next = parts[i + 1]!;
      if (!(part in node)) node[part] = /^\d+$/.test(next) ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;

function stripeError(status: number, type: string, message: string, code?: string) {
  return { status, body: { error: { type, message, ...(code ? { code } : {}) } } };
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const sessions = new Map<string, StripeObject>();
  const refunds: StripeObject[] = [];
  const refundsByKey = new Map<string, StripeObject>();
  const requests: StandInRequest[] = [];
  const now = () => Math.floor(Date.now() / 1000);

  function handle(method: string, path: string, body: Record<string, unknown>, headers: http.IncomingHttpHeaders): { status: number; body: unknown } {
    if (!/^Bearer sk_test_/.test(String(headers.authorization ?? ''))) {
      return stripeError(401, 'invalid_request_error', 'Invalid API Key provided');
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const lineItems = (body.line_items as Record<string, unknown>[] | undefined) ?? [];
      const total = lineItems.reduce((sum, item) => {
        const price = item.price_data as { unit_amount?: string } | undefined;
        return sum + Number(price?.unit_amount ?? 0) * Number(item.quantity ?? 1);
      }, 0);
      const sessionId = id('cs_test_');
      const session: StripeObject = {
        id: sessionId,
        object: 'checkout.session',
        amount_subtotal: total,
        amount_total: total,
        currency: (lineItems[0]?.price_data as { currency?: string } | undefined)?.currency ?? 'usd',
        client_reference_id: body.client_reference_id ?? null,
        customer_email: body.customer_email ?? null,
        metadata: body.metadata ?? {},
        mode: body.mode,
        payment_intent: null,
        payment_status: 'unpaid',
        status: 'open',
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        expires_at: Number(body.expires_at ?? now() + 24 * 3600),
        created: now(),
        url: `https://checkout.stripe.test/c/pay/${sessionId}`,
        livemode: false,
      };
      sessions.set(sessionId, session);
      return { status: 200, body: session };
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (sessionMatch) {
      const session = sessions.get(decodeURIComponent(sessionMatch[1]!));
      if (!session) return stripeError(404, 'invalid_request_error', `No such checkout.session: '${sessionMatch[1]}'`, 'resource_missing');
      if (method === 'GET' && !sessionMatch[2]) return { status: 200, body: session };
      if (method === 'POST' && sessionMatch[2]) {
        if (session.status !== 'open') {
          return stripeError(400, 'invalid_request_error', 'Only Checkout Sessions with a status in ["open"] can be expired.');
        }
        Object.assign(session, { status: 'expired', url: null });
        return { status: 200, body: session };
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const key = String(headers['idempotency-key'] ?? '');
      const earlier = key ? refundsByKey.get(key) : undefined;
      if (earlier) return { status: 200, body: earlier };
      const intent = String(body.payment_intent ?? '');
      const paid = [...sessions.values()].find((s) => s.payment_intent === intent && s.payment_status === 'paid');
      if (!paid) return stripeError(400, 'invalid_request_error', `No such payment_intent: '${intent}'`, 'resource_missing');
      const refund: StripeObject = {
        id: id('re_test_'),
        object: 'refund',
        amount: body.amount !== undefined ? Number(body.amount) : paid.amount_total,
        currency: paid.currency,
        payment_intent: intent,
        reason: body.reason ?? null,
        metadata: body.metadata ?? {},
        status: 'succeeded',
      };
      refunds.push(refund);
      if (key) refundsByKey.set(key, refund);
      return { status: 200, body: refund };
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
  }

  const standIn: StripeStandIn = {
    url: '',
    port: 0,
    sessions,
    refunds,
    requests,
    delayMs: 0,
    failNext: 0,
    pay(sessionId, options = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`stand-in: no session ${sessionId}`);
      Object.assign(session, { status: 'complete', payment_status: options.paymentStatus ?? 'paid', payment_intent: id('pi_test_'), url: null });
      return session;
    },
    settleAsync(sessionId, outcome) {
      const session = sessions.get(sessionId)!;
      session.payment_status = outcome === 'paid' ? 'paid' : 'unpaid';
      return session;
    },
    expire(sessionId) {
      const session = sessions.get(sessionId)!;
      Object.assign(session, { status: 'expired', url: null });
      return session;
    },
    event(type, sessionId, eventId = id('evt_test_')) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`stand-in: no session ${sessionId}`);
      const payload = JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: '2025-01-27.acacia',
        created: now(),
        data: { object: session },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      });
      return { id: eventId, payload };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const body = parseStripeForm(Buffer.concat(chunks).toString('utf8'));
      requests.push({ method: request.method ?? 'GET', path: url.pathname, body, headers: request.headers });
      const answer = () => {
        if (response.destroyed) return;
        let result: { status: number; body: unknown };
        if (standIn.failNext > 0) {
          standIn.failNext -= 1;
          result = stripeError(500, 'api_error', 'Something went wrong on Stripe\'s end.');
        } else {
          result = handle(request.method ?? 'GET', url.pathname, body, request.headers);
        }
        response.writeHead(result.status, { 'content-type': 'application/json', 'request-id': id('req_') });
        response.end(JSON.stringify(result.body));
      };
      if (standIn.delayMs > 0) setTimeout(answer, standIn.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  standIn.port = port;
  standIn.url = `http://127.0.0.1:${port}`;
  // Slow answers must not keep the test process alive after close.
  server.keepAliveTimeout = 100;
  const close = standIn.close;
  standIn.close = async () => {
    server.closeAllConnections();
    await close();
  };
  return standIn;
}
