/**
 * Reads the contract a deployed build publishes (shared-contract.mjs), from
 * its URL or its build folder: the remotes' build and the deploy check
 * (scripts/check-remote.mjs) both read a shell or a remote this way.
 * Node only.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MANIFEST_FILE, remoteContractOf, SHARED_EXPORTS_FILE, shellContractOf } from './shared-contract.mjs';

const isUrl = (location) => /^https?:\/\//.test(location);

/** The JSON file `name` of the build at `location` (a URL or a folder), or null when it has none (or answers something else). */
async function readPublished(location, name) {
  try {
    if (!isUrl(location)) return JSON.parse(readFileSync(path.join(location, name), 'utf8'));
    const url = new URL(name, location.endsWith('/') ? location : `${location}/`);
    const response = await fetch(url, { cache: 'no-store' });
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`Could not read ${url} (${response.status})`);
    return await response.json();
  } catch (error) {
    if (error.code === 'ENOENT' || error instanceof SyntaxError) return null;
    throw error;
  }
}

/** A shell's contract: from its mf-manifest.json, else (release 0) its shared-exports.json. */
export async function readShellContract(location) {
  const manifest = await readPublished(location, MANIFEST_FILE);
  const sharedExports = manifest?.metaData?.contract ? null : await readPublished(location, SHARED_EXPORTS_FILE);
  return shellContractOf({ manifest, sharedExports });
}

/** A remote's contract, from its mf-manifest.json (`location`: the folder or URL it is in). */
export async function readRemoteContract(location) {
  const manifest = await readPublished(location, MANIFEST_FILE);
  if (!manifest) throw new Error(`${location} has no ${MANIFEST_FILE}: is it a remote's build?`);
  return remoteContractOf(manifest);
}
