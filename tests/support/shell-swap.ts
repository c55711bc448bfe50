/**
 * Swapping the stack's shell for another build on the same port, as a deployment or a rollback of the shell
 * does, and watching a page for what would tell a user or a developer that something broke: shared by the
 * support-window specs.
 */
import type { Page } from '@playwright/test';
import { readShellContract } from '../../shared-ui/build/read-contract.mjs';
import { runtimeConfig, serveFrontend } from '../../scripts/stack.mjs';
import { control, DEFAULT_REMOTES, TEST_PORTS, urls } from './test-stack';

export const origin = (port: number) => `http://localhost:${port}`;
/** The URL of the folder a remote's manifest is in: what the deploy check takes. */
export const folderOf = (manifestUrl: string) => new URL('.', manifestUrl).href;
/** The run-time config every frontend the tests serve gets. */
export const config = runtimeConfig(TEST_PORTS);

let shellServer: Awaited<ReturnType<typeof serveFrontend>> | null = null;

/**
 * Takes the swapped-in shell's server down at once, as a deploy replacing it would: closing it gracefully
 * waits for every connection a browser still holds, which once outlasted the test's three minutes in CI.
 */
async function stopShellServer(): Promise<void> {
  if (!shellServer) return;
  const server = shellServer;
  shellServer = null;
  server.server.closeAllConnections();
  await server.close();
}

/** Replaces the stack's shell with another build on the same port: a deployment of that shell, or a rollback to it. */
export async function deployShell(dist: string): Promise<void> {
  if (shellServer) await stopShellServer();
  else await control('stop', 'shell');
  shellServer = await serveFrontend({ name: 'shell', root: dist, port: TEST_PORTS.shell, config, remotes: DEFAULT_REMOTES });
}

/** Puts the stack's own shell back, if another was swapped in. */
export async function restoreShell(): Promise<void> {
  if (!shellServer) return;
  await stopShellServer();
  await control('start', 'shell');
}

/** The contract release of the shell the stack's shell port serves now. */
export async function liveShellRelease(): Promise<number | null> {
  return (await readShellContract(urls.shell)).version;
}

/** Collects what would tell a user or a developer that something broke. */
export function watchForBreakage(page: Page): { errors: string[]; runtimeRequests: string[] } {
  const seen = { errors: [] as string[], runtimeRequests: [] as string[] };
  page.on('pageerror', (error) => seen.errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) seen.errors.push(message.text());
  });
  page.on('request', (request) => {
    if (request.url().endsWith('/federation-runtime.js')) seen.runtimeRequests.push(request.url());
  });
  return seen;
}
