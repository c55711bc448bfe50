import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEV_ACCOUNTS, DEV_PASSWORD } from '../dev-accounts.ts';
import { AccountExistsError, AccountStore, checkSignUp, hashPassword, verifyPassword } from './accounts.ts';

describe('password hashing', () => {
  it('uses scrypt with a fresh salt per hash and verifies only the right password', async () => {
    const first = await hashPassword('correct horse');
    const second = await hashPassword('correct horse');
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('correct horse');
    expect(await verifyPassword('correct horse', first)).toBe(true);
    expect(await verifyPassword('correct horsf', first)).toBe(false);
    expect(await verifyPassword('correct horse', 'plain:correct horse')).toBe(false);
  });
});

describe('sign-up validation', () => {
  it('accepts a proper form and names each problem otherwise', () => {
    expect(checkSignUp({ email: ' Ada@Example.com ', name: 'Ada', password: '12345678' })).toEqual({});
    expect(checkSignUp({ email: 'ada@', name: '', password: 'short' })).toEqual({
      email: 'Enter a valid email address',
      name: 'Enter your name',
      password: 'Use at least 8 characters',
    });
    expect(checkSignUp({ email: 'a@b.co', name: '<script>', password: 'x'.repeat(129) })).toEqual({
      name: 'Use at most 80 characters, without < or >',
      password: 'Use at most 128 characters',
    });
  });
});

describe('account store', () => {
  let dir: string;
  let accounts: AccountStore;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'identity-accounts-'));
    accounts = new AccountStore(dir);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('seeds the development accounts once, with their subs, roles and the development password', async () => {
    await accounts.seed();
    await accounts.seed();
    for (const dev of DEV_ACCOUNTS) {
      const account = await accounts.findBySub(dev.sub);
      expect(account).toMatchObject({ sub: dev.sub, email: dev.email, name: dev.name, roles: dev.roles });
      expect(await accounts.authenticate(dev.email, DEV_PASSWORD)).toMatchObject({ sub: dev.sub });
    }
    expect(await accounts.authenticate('admin@example.com', 'wrong')).toBeUndefined();
    expect(await accounts.authenticate('ghost@example.com', DEV_PASSWORD)).toBeUndefined();
    expect(await accounts.authenticate('not an email', DEV_PASSWORD)).toBeUndefined();
  });

  it('creates moviegoers by normalized email, once, and finds them by email or sub', async () => {
    const created = await accounts.create({ email: ' Fan@Example.COM', name: ' Fan ', password: 'popcorn-123' });
    expect(created).toMatchObject({ sub: 'local|fan@example.com', email: 'fan@example.com', name: 'Fan', roles: [] });
    await expect(accounts.create({ email: 'fan@example.com', name: 'Other', password: 'popcorn-456' })).rejects.toBeInstanceOf(AccountExistsError);
    expect(await accounts.findByEmail('FAN@example.com')).toMatchObject({ sub: created.sub });
    expect(await accounts.findBySub('local|fan@example.com')).toMatchObject({ email: 'fan@example.com' });
    expect(await accounts.findBySub('local|nobody@example.com')).toBeUndefined();
    expect(await accounts.authenticate('fan@example.com', 'popcorn-123')).toMatchObject({ sub: created.sub });
    for (const file of await readdir(path.join(dir, 'accounts'))) {
      expect(await readFile(path.join(dir, 'accounts', file), 'utf8')).not.toContain('popcorn-123');
    }
  });

  it('lets two writers race for one email: exactly one account wins', async () => {
    const other = new AccountStore(dir);
    const results = await Promise.allSettled([
      accounts.create({ email: 'race@example.com', name: 'One', password: 'password-1' }),
      other.create({ email: 'race@example.com', name: 'Two', password: 'password-2' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected' && r.reason instanceof AccountExistsError)).toHaveLength(1);
  });
});
