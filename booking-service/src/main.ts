import { ConfigError, loadConfig } from './config/config.ts';

/**
 * The service's entry point. With OTEL_EXPORTER_OTLP_ENDPOINT set, tracing starts before the service's
 * modules load (its node-postgres instrumentation hooks `pg` as it is required), so serve.ts, which imports
 * them all, is imported after it; without it the tracing modules are never loaded.
 */
async function main() {
  const config = loadConfig();
  const tracing = config.tracing ? (await import('./tracing/tracing.ts')).startTracing(config.tracing) : null;
  const { serve } = await import('./serve.ts');
  await serve(config, tracing);
}

main().catch(async (error: unknown) => {
  const { StartupRefusal } = await import('./integrity/store-identity.ts');
  if (error instanceof ConfigError) console.error(`Not starting: configuration error: ${error.message}`);
  else if (error instanceof StartupRefusal) console.error(`Not starting: ${error.message}`);
  else console.error(error);
  process.exit(1);
});
