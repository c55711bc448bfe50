#!/usr/bin/env node
/**
 * Deploy-time check of a remote against the shell that is deployed: does the
 * shell provide every export of its tree-shaken shared libraries that the
 * remote's build needs? Run it before pointing remotes.json at a new build.
 *
 * CLI: node scripts/check-remote.mjs <remote build folder or URL> <shell URL or shared-exports.json>
 * Exits 1 naming each missing export, 0 when the remote fits the shell.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MANIFEST_FILE, missingExports, sharedImportsOf } from '../shared-ui/build/shared-contract.mjs';
import { readShellExports } from '../shared-ui/build/tree-shaken-imports.mjs';

/** What the remote's build imports, from its mf-manifest.json (in the build folder, or at the URL of its folder). */
async function readRemoteImports(remote) {
  if (/^https?:\/\//.test(remote)) {
    const url = new URL(MANIFEST_FILE, remote.endsWith('/') ? remote : `${remote}/`);
    const response = await fetch(url, { cache: 'no-store' });
    if (!response.ok) throw new Error(`Could not read ${url} (${response.status})`);
    return sharedImportsOf(await response.json());
  }
  return sharedImportsOf(JSON.parse(readFileSync(path.join(remote, MANIFEST_FILE), 'utf8')));
}

/** The missing exports, as `library: name` strings (empty when the remote fits the shell). */
export async function checkRemote(remote, shell) {
  const [required, provided] = await Promise.all([readRemoteImports(remote), readShellExports(shell)]);
  return missingExports(required, provided);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [remote, shell] = process.argv.slice(2);
  if (!remote || !shell) {
    process.stderr.write('usage: node scripts/check-remote.mjs <remote build folder or URL> <shell URL or shared-exports.json>\n');
    process.exit(2);
  }
  const missing = await checkRemote(remote, shell);
  if (missing.length) {
    process.stderr.write(`${remote} needs exports the shell at ${shell} does not provide:\n${missing.map((m) => `  ${m}\n`).join('')}` +
      'Add them to TREE_SHAKEN_EXPORTS in shared-ui/federation.mjs and deploy the shell first.\n');
    process.exit(1);
  }
  process.stdout.write(`${remote} fits the shell at ${shell}\n`);
}
