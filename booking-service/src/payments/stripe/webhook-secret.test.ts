import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { developmentWebhookSecret } from './webhook-secret.ts';

describe('development webhook secret (local checkout, STRIPE_WEBHOOK_SECRET unset)', () => {
  const dirs: string[] = [];
  const tempDir = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'webhook-secret-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  it('is generated once in DATA_DIR/payments and kept (private to the user)', async () => {
    const dataDir = await tempDir();
    const secret = await developmentWebhookSecret(dataDir);
    expect(secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    expect(await developmentWebhookSecret(dataDir)).toBe(secret);
    const file = path.join(dataDir, 'payments', 'webhook-secret');
    expect((await readFile(file, 'utf8')).trim()).toBe(secret);
    expect((await stat(file)).mode & 0o077).toBe(0);
  });

  it('gives every process starting at once the same secret', async () => {
    const dataDir = await tempDir();
    const secrets = await Promise.all(Array.from({ length: 8 }, () => developmentWebhookSecret(dataDir)));
    expect(new Set(secrets).size).toBe(1);
  });

  it('refuses a file that holds no secret instead of silently replacing it', async () => {
    const dataDir = await tempDir();
    await developmentWebhookSecret(dataDir);
    await writeFile(path.join(dataDir, 'payments', 'webhook-secret'), 'garbage');
    await expect(developmentWebhookSecret(dataDir)).rejects.toThrow(/holds no webhook secret/);
  });
});
