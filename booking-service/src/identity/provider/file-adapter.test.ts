import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileAdapter, sweep } from './file-adapter.ts';

describe('file-backed oidc-provider adapter', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'oidc-store-'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('stores, finds, consumes and destroys entries, and a new instance (a restart) sees them', async () => {
    const codes = new FileAdapter(root, 'AuthorizationCode');
    await codes.upsert('code-1', { accountId: 'local|user', grantId: 'g1' }, 60);
    expect(await codes.find('code-1')).toEqual({ accountId: 'local|user', grantId: 'g1' });
    expect(await codes.find('code-2')).toBeUndefined();

    await codes.consume('code-1');
    const restarted = new FileAdapter(root, 'AuthorizationCode');
    expect((await restarted.find('code-1'))?.consumed).toEqual(expect.any(Number));

    await restarted.destroy('code-1');
    expect(await codes.find('code-1')).toBeUndefined();
    await restarted.destroy('code-1');
  });

  it('keeps models apart and forgets expired entries', async () => {
    const sessions = new FileAdapter(root, 'Session');
    const grants = new FileAdapter(root, 'Grant');
    await sessions.upsert('same-id', { accountId: 'a' }, 60);
    await grants.upsert('same-id', { accountId: 'b' });
    expect(await sessions.find('same-id')).toEqual({ accountId: 'a' });
    expect(await grants.find('same-id')).toEqual({ accountId: 'b' });

    await sessions.upsert('short', { accountId: 'a' }, 0.001);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await sessions.find('short')).toBeUndefined();
  });

  it('finds sessions by uid, following replacements', async () => {
    const sessions = new FileAdapter(root, 'Session');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a' }, 60);
    expect(await sessions.findByUid('u1')).toEqual({ uid: 'u1', accountId: 'a' });
    await sessions.upsert('s1', { uid: 'u2', accountId: 'a' }, 60);
    expect(await sessions.findByUid('u1')).toBeUndefined();
    expect(await sessions.findByUid('u2')).toMatchObject({ accountId: 'a' });
    await sessions.destroy('s1');
    expect(await sessions.findByUid('u2')).toBeUndefined();
  });

  it('revokes every token of a grant', async () => {
    const tokens = new FileAdapter(root, 'RefreshToken');
    await tokens.upsert('rt1', { grantId: 'g1' }, 60);
    await tokens.upsert('rt2', { grantId: 'g1' }, 60);
    await tokens.upsert('rt3', { grantId: 'g2' }, 60);
    await tokens.revokeByGrantId('g1');
    expect(await tokens.find('rt1')).toBeUndefined();
    expect(await tokens.find('rt2')).toBeUndefined();
    expect(await tokens.find('rt3')).toEqual({ grantId: 'g2' });
    await tokens.revokeByGrantId('unknown');
  });

  it('never leaves its folder, whatever the id', async () => {
    const tokens = new FileAdapter(root, 'RefreshToken');
    await tokens.upsert('../../escape', { grantId: '../g' }, 60);
    expect(await tokens.find('../../escape')).toEqual({ grantId: '../g' });
    expect(await readdir(root)).toEqual(['RefreshToken']);
    expect(await tokens.find('/etc/passwd')).toBeUndefined();
  });

  it('sweeps expired entries, dangling indexes and stale temporary files', async () => {
    const sessions = new FileAdapter(root, 'Session');
    await sessions.upsert('live', { uid: 'u-live', grantId: 'g' }, 60);
    await sessions.upsert('dead', { uid: 'u-dead', grantId: 'g' }, 1);
    await writeFile(path.join(root, 'Session', 'leftover.json.x.tmp'), '{');
    await sweep(root, Date.now() + 5_000);
    expect(await sessions.find('live')).toMatchObject({ uid: 'u-live' });
    expect(await sessions.findByUid('u-live')).toMatchObject({ uid: 'u-live' });
    const files = await readdir(path.join(root, 'Session'));
    expect(files.filter((name) => name.endsWith('.json'))).toHaveLength(1);
    expect(await readdir(path.join(root, 'Session', '_uid'))).toHaveLength(1);
    // Still fresh: an interrupted write from a moment ago might be in progress.
    expect(files.some((name) => name.endsWith('.tmp'))).toBe(true);
    await sweep(root, Date.now() + 120_000);
    expect((await readdir(path.join(root, 'Session'))).some((name) => name.endsWith('.tmp'))).toBe(false);
    await sweep(path.join(root, 'missing'));
  });
});
