/**
 * The local OpenID Connect provider as its own process (`npm run identity` after
 * a build; port IDENTITY_PORT, default 4400). Development only: it refuses to
 * start with NODE_ENV=production.
 */
import { ConfigError } from '../config/config.ts';
import { loadIdentityConfig } from './provider/config.ts';
import { startIdentityServer } from './provider/server.ts';

async function main() {
  const server = await startIdentityServer(loadIdentityConfig());
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((error: unknown) => {
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`The identity provider's port is in use (${(error as Error).message}); stop the other process or set IDENTITY_PORT`);
  } else {
    console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  }
  process.exit(1);
});
