#!/usr/bin/env node
/**
 * Deploy-time check of a remote against the shell that is deployed: does the
 * remote's compatibility contract (its mf-manifest.json) fit the shell's
 * (its mf-manifest.json, or a release-0 shell's shared-exports.json)? The
 * federation runtime, the singletons' versions, the tree-shaken exports and
 * shared-ui's exports and its API client's members (shared-ui/build/shared-contract.mjs). Run it before
 * pointing remotes.json at a new build, or before rolling the shell back.
 *
 * CLI: node scripts/check-remote.mjs <remote build folder or URL> <shell build folder or URL>
 * Exits 1 naming each mismatch, 0 when the remote fits the shell.
 */
import { pathToFileURL } from 'node:url';
import { readRemoteContract, readShellContract } from '../shared-ui/build/read-contract.mjs';
import { contractMismatches } from '../shared-ui/build/shared-contract.mjs';

/** Why the remote cannot run under the shell: `{ kind, message }` for each mismatch, empty when it can. */
export async function checkRemote(remote, shell) {
  const [remoteContract, shellContract] = await Promise.all([readRemoteContract(remote), readShellContract(shell)]);
  return contractMismatches(remoteContract, shellContract);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [remote, shell] = process.argv.slice(2);
  if (!remote || !shell) {
    process.stderr.write('usage: node scripts/check-remote.mjs <remote build folder or URL> <shell build folder or URL>\n');
    process.exit(2);
  }
  const mismatches = await checkRemote(remote, shell);
  if (mismatches.length) {
    process.stderr.write(`${remote} does not fit the shell at ${shell}:\n${mismatches.map(({ kind, message }) => `  ${kind}: ${message}\n`).join('')}`);
    process.exit(1);
  }
  process.stdout.write(`${remote} fits the shell at ${shell}\n`);
}
