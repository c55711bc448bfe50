/**
 * OpenTelemetry, loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set (main.ts imports this module then, and
 * before any module that uses node-postgres, so that its instrumentation hooks `pg` as it is required).
 * Spans: one per request with its route and status (@fastify/otel, continuing the caller's W3C
 * `traceparent`), one for its handler, and one per database query (node-postgres), exported in
 * batches over OTLP/HTTP (JSON).
 */
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { FastifyPluginCallback } from 'fastify';
import type { Config } from '../config/config.ts';

/** How often finished spans are sent: soon enough to follow a request live, seldom enough to batch them. */
const EXPORT_DELAY_MS = 1_000;

export interface Tracing {
  /** Registered first on the Fastify instance: it times every route registered after it. */
  fastifyPlugin: FastifyPluginCallback;
  /** Sends the spans still buffered and stops (at shutdown). */
  shutdown(): Promise<void>;
}

export function startTracing({ endpoint, serviceName }: NonNullable<Config['tracing']>): Tracing {
  const exporter = new OTLPTraceExporter({ url: `${endpoint}/v1/traces` });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: EXPORT_DELAY_MS })],
  });
  // The context manager (AsyncLocalStorage) and the W3C trace-context propagator.
  provider.register();
  // A span for the request and one for its handler; none for each lifecycle hook (request id, security headers,
  // rate limits, load shedding, CORS, access log, metrics: about ten a request, each a few microseconds of the
  // service's own plumbing), which made tracing cost more than the rest of a read.
  const fastify = new FastifyOtelInstrumentation({ instrumentHooks: false });
  registerInstrumentations({
    tracerProvider: provider,
    // Queries only: a span for each pool checkout would double the spans for nothing.
    instrumentations: [new PgInstrumentation({ requireParentSpan: true }), fastify],
  });
  return {
    fastifyPlugin: fastify.plugin() as FastifyPluginCallback,
    shutdown: () => provider.shutdown(),
  };
}
