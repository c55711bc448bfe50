/**
 * The whole product as `npm start` runs it, for a bench to measure the service in its real company: the shell's
 * and the remotes' static servers, the local identity provider and the service on embedded PGlite with every
 * default (access log, rate limits, security headers, fsync on), in a process of its own (scripts/stack.mjs
 * startStackProcess), on free ports and a temporary DATA_DIR; the service's log is kept in a file as an operator
 * keeps it. Tokens come from the local identity provider's own key (as `npm run token` prints them).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { localTokenIssuer } from '../../src/identity/local-tokens.ts';
import { loadIdentityConfig } from '../../src/identity/provider/config.ts';
import { freePort } from '../../test/support/processes.ts';

type Ports = Record<'shell' | 'customer' | 'admin' | 'debug' | 'service' | 'identity', number>;
interface StackModule {
  startStackProcess(options: { ports: Ports; dataDir: string; logFile: string }): Promise<{ urls: Record<keyof Ports, string>; stop(): Promise<void> }>;
}

export interface WholeStack {
  /** The service's origin, as the frontends call it. */
  apiOrigin: string;
  /** The service's log (the access log among it). */
  logFile: string;
  tokenFor(email: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startWholeStack(): Promise<WholeStack> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'whole-stack-'));
  const ports = {} as Ports;
  for (const name of ['shell', 'customer', 'admin', 'debug', 'service', 'identity'] as const) ports[name] = await freePort();
  const dataDir = path.join(workDir, 'data');
  const logFile = path.join(workDir, 'service.log');
  // A variable specifier: stack.mjs is plain JavaScript without declarations; StackModule says what is used.
  const stackModule = '../../../scripts/stack.mjs';
  const { startStackProcess } = (await import(stackModule)) as StackModule;
  const stack = await startStackProcess({ ports, dataDir, logFile });
  try {
    const issuer = await localTokenIssuer(
      loadIdentityConfig({ DATA_DIR: dataDir, IDENTITY_PORT: String(ports.identity), LOG_LEVEL: 'silent' }),
    );
    return {
      apiOrigin: stack.urls.service,
      logFile,
      tokenFor: (email) => issuer.tokenFor(email),
      async stop() {
        await stack.stop();
        await rm(workDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await stack.stop();
    throw error;
  }
}
