import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Adapter, AdapterPayload } from 'oidc-provider';

/**
 * oidc-provider storage in files, so that a restart of the provider signs
 * nobody out: sessions, grants, interactions, authorization codes, refresh
 * tokens. One small JSON file per entry under `<dir>/<model>/`, written whole
 * under a temporary name and renamed into place, so a reader never sees half
 * an entry. File names are hashes of the ids, so no id (some come straight
 * from requests) can point outside the folder. Expired entries are ignored
 * when read and removed by `sweep`.
 */
interface Stored {
  payload: AdapterPayload;
  /** Epoch milliseconds; null when the entry does not expire. */
  expiresAt: number | null;
}

const hash = (value: string) => createHash('sha256').update(value).digest('hex');

function missing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch (error) {
    if (missing(error) || error instanceof SyntaxError) return undefined;
    throw error;
  }
}

async function writeAtomically(file: string, content: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${randomUUID()}.tmp`;
  await writeFile(temporary, content, { mode: 0o600 });
  await rename(temporary, file);
}

async function removeFile(file: string): Promise<void> {
  await unlink(file).catch((error: unknown) => {
    if (!missing(error)) throw error;
  });
}

export class FileAdapter implements Adapter {
  readonly #dir: string;

  constructor(root: string, name: string) {
    this.#dir = path.join(root, name.replace(/[^A-Za-z0-9]/g, '_'));
  }

  #entry(id: string) {
    return path.join(this.#dir, `${hash(id)}.json`);
  }

  #index(kind: 'uid' | 'userCode', value: string) {
    return path.join(this.#dir, `_${kind}`, hash(value));
  }

  #grantFolder(grantId: string) {
    return path.join(this.#dir, '_grant', hash(grantId));
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const stored: Stored = { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : null };
    await writeAtomically(this.#entry(id), JSON.stringify(stored));
    if (payload.uid) await writeAtomically(this.#index('uid', payload.uid), id);
    if (payload.userCode) await writeAtomically(this.#index('userCode', payload.userCode), id);
    if (payload.grantId) await writeAtomically(path.join(this.#grantFolder(payload.grantId), hash(id)), id);
  }

  async #read(id: string): Promise<Stored | undefined> {
    const stored = await readJson<Stored>(this.#entry(id));
    if (!stored) return undefined;
    if (stored.expiresAt !== null && stored.expiresAt <= Date.now()) {
      await removeFile(this.#entry(id));
      return undefined;
    }
    return stored;
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return (await this.#read(id))?.payload;
  }

  async #findByIndex(kind: 'uid' | 'userCode', value: string): Promise<AdapterPayload | undefined> {
    let id: string;
    try {
      id = await readFile(this.#index(kind, value), 'utf8');
    } catch (error) {
      if (missing(error)) return undefined;
      throw error;
    }
    const payload = await this.find(id);
    // An index left behind by a destroyed or replaced entry points nowhere.
    return payload?.[kind] === value ? payload : undefined;
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.#findByIndex('uid', uid);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.#findByIndex('userCode', userCode);
  }

  async consume(id: string): Promise<void> {
    const stored = await this.#read(id);
    if (!stored) return;
    stored.payload.consumed = Math.floor(Date.now() / 1000);
    await writeAtomically(this.#entry(id), JSON.stringify(stored));
  }

  async destroy(id: string): Promise<void> {
    await removeFile(this.#entry(id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    const folder = this.#grantFolder(grantId);
    let names: string[];
    try {
      names = await readdir(folder);
    } catch (error) {
      if (missing(error)) return;
      throw error;
    }
    for (const name of names) {
      const id = await readFile(path.join(folder, name), 'utf8').catch(() => undefined);
      if (id !== undefined) await this.destroy(id);
    }
    await rm(folder, { recursive: true, force: true });
  }
}

export function fileAdapterFactory(root: string) {
  return (name: string): Adapter => new FileAdapter(root, name);
}

/**
 * Removes expired entries, indexes that point at nothing, and leftovers of interrupted writes.
 * Run at start, before the provider serves requests.
 */
export async function sweep(root: string, now = Date.now()): Promise<void> {
  let models: string[];
  try {
    models = await readdir(root);
  } catch (error) {
    if (missing(error)) return;
    throw error;
  }
  for (const model of models) {
    const dir = path.join(root, model);
    const names = await readdir(dir).catch(() => [] as string[]);
    const live = new Set<string>();
    for (const name of names) {
      const file = path.join(dir, name);
      if (name.endsWith('.tmp')) {
        const written = await stat(file).then((info) => info.mtimeMs, () => now);
        if (now - written > 60_000) await removeFile(file);
      } else if (name.endsWith('.json')) {
        const stored = await readJson<Stored>(file);
        if (!stored || (stored.expiresAt !== null && stored.expiresAt <= now)) await removeFile(file);
        else live.add(name.slice(0, -'.json'.length));
      }
    }
    for (const kind of ['_uid', '_userCode']) {
      for (const name of await readdir(path.join(dir, kind)).catch(() => [] as string[])) {
        const file = path.join(dir, kind, name);
        const id = await readFile(file, 'utf8').catch(() => '');
        if (!live.has(hash(id))) await removeFile(file);
      }
    }
    for (const grant of await readdir(path.join(dir, '_grant')).catch(() => [] as string[])) {
      const folder = path.join(dir, '_grant', grant);
      const entries = await readdir(folder).catch(() => [] as string[]);
      let kept = 0;
      for (const name of entries) {
        if (live.has(name)) kept += 1;
        else await removeFile(path.join(folder, name));
      }
      if (kept === 0) await rm(folder, { recursive: true, force: true });
    }
  }
}
