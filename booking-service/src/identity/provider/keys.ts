import { randomBytes, randomUUID } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';

/**
 * The provider's secrets, generated on first start and kept in one file so that
 * tokens and sessions survive restarts: the RS256 key that signs ID and access
 * tokens (the provider and `npm run token` both use it) and the keys that sign
 * its cookies.
 */
export interface IdentityKeys {
  signing: { keys: JWK[] };
  cookieKeys: string[];
}

export const KEYS_FILE = 'keys.json';

function valid(value: unknown): value is IdentityKeys {
  const keys = value as IdentityKeys;
  return (
    Array.isArray(keys?.signing?.keys) &&
    keys.signing.keys.length > 0 &&
    keys.signing.keys.every((key) => key.kty === 'RSA' && typeof key.d === 'string' && typeof key.kid === 'string') &&
    Array.isArray(keys.cookieKeys) &&
    keys.cookieKeys.length > 0
  );
}

async function read(file: string): Promise<IdentityKeys> {
  const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
  if (!valid(parsed)) throw new Error(`${file} is not a key file of the identity provider; move it away to generate a new one`);
  return parsed;
}

export async function loadOrCreateKeys(dir: string): Promise<IdentityKeys> {
  const file = path.join(dir, KEYS_FILE);
  try {
    return await read(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const keys: IdentityKeys = {
    signing: { keys: [{ ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' }] },
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // Written whole under a temporary name, then linked into place: a reader never sees half a file,
  // and when another process (the provider or `npm run token`) got there first, both use its keys.
  const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
  await writeFile(temporary, JSON.stringify(keys, null, 2), { mode: 0o600 });
  try {
    await link(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(temporary);
  }
  return read(file);
}
