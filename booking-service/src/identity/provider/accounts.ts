import { createHash, randomBytes, randomUUID, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEV_ACCOUNTS, DEV_PASSWORD, type Role } from '../dev-accounts.ts';

/**
 * Accounts of the local identity provider, one JSON file each, named by a hash
 * of the email: creating one is an atomic link that fails when the email is
 * taken, so the provider and `npm run token` (another process) can both create
 * accounts safely. Passwords are stored as scrypt hashes with a per-account salt.
 */
export interface Account {
  sub: string;
  email: string;
  name: string;
  roles: Role[];
  passwordHash: string;
  createdAt: string;
}

export class AccountExistsError extends Error {
  constructor() {
    super('An account with this email already exists');
  }
}

const SCRYPT: ScryptOptions & { keylen: number } = { N: 16384, r: 8, p: 1, keylen: 32, maxmem: 64 * 1024 * 1024 };

function derive(password: string, salt: Buffer, options: ScryptOptions & { keylen: number }): Promise<Buffer> {
  const { keylen, ...params } = options;
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keylen, params, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** `scrypt$N$r$p$<salt>$<hash>` in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, SCRYPT);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    keylen: expected.length,
    maxmem: SCRYPT.maxmem,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validEmail(email: string): boolean {
  return email.length <= 254 && EMAIL.test(email);
}

export interface SignUpInput { email: string; name: string; password: string }

/** What is wrong with a sign-up form, field by field; empty when it is valid. */
export function checkSignUp(input: SignUpInput): Partial<Record<keyof SignUpInput, string>> {
  const problems: Partial<Record<keyof SignUpInput, string>> = {};
  if (!validEmail(normalizeEmail(input.email))) problems.email = 'Enter a valid email address';
  const name = input.name.trim();
  if (!name) problems.name = 'Enter your name';
  else if (name.length > 80 || /[\p{Cc}<>]/u.test(name)) problems.name = 'Use at most 80 characters, without < or >';
  if (input.password.length < 8) problems.password = 'Use at least 8 characters';
  else if (input.password.length > 128) problems.password = 'Use at most 128 characters';
  return problems;
}

const hashOf = (value: string) => createHash('sha256').update(value).digest('hex');

export class AccountStore {
  readonly #dir: string;
  /** Compared against when the email is unknown, so a wrong email takes as long as a wrong password. */
  #decoy: Promise<string> | undefined;

  constructor(identityDir: string) {
    this.#dir = path.join(identityDir, 'accounts');
  }

  #accountFile(email: string) {
    return path.join(this.#dir, `${hashOf(normalizeEmail(email))}.json`);
  }

  #subFile(sub: string) {
    return path.join(this.#dir, `sub-${hashOf(sub)}`);
  }

  async findByEmail(email: string): Promise<Account | undefined> {
    if (!validEmail(normalizeEmail(email))) return undefined;
    try {
      return JSON.parse(await readFile(this.#accountFile(email), 'utf8')) as Account;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async findBySub(sub: string): Promise<Account | undefined> {
    let email: string;
    try {
      email = await readFile(this.#subFile(sub), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      // No index (a create interrupted before writing it): subs are `local|<email>` or a seeded one.
      email = DEV_ACCOUNTS.find((dev) => dev.sub === sub)?.email ?? sub.replace(/^local\|/, '');
    }
    const account = await this.findByEmail(email);
    return account?.sub === sub ? account : undefined;
  }

  /** Creates an account; throws AccountExistsError when the email is taken. The input must be valid. */
  async create(input: { email: string; name: string; password: string; roles?: Role[]; sub?: string }): Promise<Account> {
    const email = normalizeEmail(input.email);
    const account: Account = {
      sub: input.sub ?? `local|${email}`,
      email,
      name: input.name.trim(),
      roles: input.roles ?? [],
      passwordHash: await hashPassword(input.password),
      createdAt: new Date().toISOString(),
    };
    await mkdir(this.#dir, { recursive: true, mode: 0o700 });
    const file = this.#accountFile(email);
    const temporary = `${file}.${randomUUID()}.tmp`;
    await writeFile(temporary, JSON.stringify(account, null, 2), { mode: 0o600 });
    try {
      await link(temporary, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new AccountExistsError();
      throw error;
    } finally {
      await unlink(temporary);
    }
    const subTemporary = `${this.#subFile(account.sub)}.${randomUUID()}.tmp`;
    await writeFile(subTemporary, email, { mode: 0o600 });
    await rename(subTemporary, this.#subFile(account.sub));
    return account;
  }

  /** The account when the email and password match, otherwise undefined (in about the same time). */
  async authenticate(email: string, password: string): Promise<Account | undefined> {
    const account = validEmail(normalizeEmail(email)) ? await this.findByEmail(email) : undefined;
    if (!account) {
      this.#decoy ??= hashPassword(randomUUID());
      await verifyPassword(password, await this.#decoy);
      return undefined;
    }
    return (await verifyPassword(password, account.passwordHash)) ? account : undefined;
  }

  /** Creates the development accounts that are missing (with DEV_PASSWORD); leaves existing ones alone. */
  async seed(): Promise<void> {
    for (const dev of DEV_ACCOUNTS) {
      if (await this.findByEmail(dev.email)) continue;
      await this.create({ ...dev, password: DEV_PASSWORD }).catch((error: unknown) => {
        if (!(error instanceof AccountExistsError)) throw error;
      });
    }
  }
}
