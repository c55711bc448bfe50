/**
 * Settings read from environment variables, schema-validated.
 *
 * The library is zod (v4): maintained, made for exactly this (strings in, typed values out, every issue
 * of an object reported at once) and quick to load. TypeBox, the contract's schema library, was tried
 * first: its import took 2.0-4.4 s under tsx on this loaded machine (load average 12-15; 709 modules)
 * against 0.6-0.7 s for zod, which doubled the start of `npm run token` and of the local identity
 * provider, the two processes that read settings without loading the contract.
 * Each variable is a string checked by a Rule (its message says what is allowed) and decoded to its value.
 */
import { z } from 'zod';

export type Env = Record<string, string | undefined>;

/** Settings the service cannot start with; `problems` lists every one, each naming its variable and what is allowed. */
export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string | string[]) {
    const list = Array.isArray(problems) ? problems : [problems];
    super(list.length === 1 ? list[0] : `${list.length} settings are wrong:\n${list.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = list;
  }
}

/** What one variable accepts: `allowed` completes "NAME ..." when `check` fails; `decode` turns the text into the value. */
export interface Rule<T> {
  check: (raw: string) => boolean;
  allowed: (raw: string) => string;
  decode: (raw: string) => T;
}

function decoded<T>(rule: Rule<T>) {
  return z.string().transform((raw, context): T => {
    if (rule.check(raw)) return rule.decode(raw);
    context.addIssue({ code: 'custom', message: rule.allowed(raw) });
    return z.NEVER;
  });
}

/** A variable with a default: the text used when it is unset or blank, checked and decoded like any other. */
export function withDefault<T>(rule: Rule<T>, fallback: string) {
  return decoded(rule).prefault(fallback);
}

/** A variable that may stay unset (blank counts as unset). */
export function optional<T>(rule: Rule<T>) {
  return decoded(rule).optional();
}

/** A rule across variables, on the variables as given: the problem, or undefined when it holds. */
export type CrossRule = (env: Env) => string | undefined;

/**
 * Reads the schema's variables from `env` (others are ignored; blank counts as unset), fills the
 * defaults and checks every variable and every cross rule, throwing one ConfigError with all problems.
 */
export function readEnvironment<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  env: Env,
  crossRules: CrossRule[] = [],
): z.output<z.ZodObject<Shape>> {
  const given: Env = {};
  for (const name of Object.keys(schema.shape)) {
    if (env[name] !== undefined && env[name] !== '') given[name] = env[name];
  }
  const result = schema.safeParse(given);
  const problems = [
    ...(result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`)),
    ...crossRules.map((rule) => rule(given)).filter((problem) => problem !== undefined),
  ];
  if (!result.success || problems.length > 0) throw new ConfigError(problems);
  return result.data;
}

// The rules variables share. A rule for a secret never repeats the value (it may hold a password).

export const text: Rule<string> = { check: () => true, allowed: () => 'is free text', decode: (raw) => raw };

export function wholeNumber(min: number, max: number): Rule<number> {
  return {
    check: (raw) => /^\d+$/.test(raw) && Number(raw) >= min && Number(raw) <= max,
    allowed: (raw) => `must be a whole number from ${min} to ${max}, got "${raw}"`,
    decode: Number,
  };
}

function parsesAsUrl(raw: string): boolean {
  return URL.canParse(raw);
}

/** An absolute URL, without its trailing slash. */
export const absoluteUrl: Rule<string> = {
  check: parsesAsUrl,
  allowed: (raw) => `must be an absolute URL, got "${raw}"`,
  decode: (raw) => new URL(raw).toString().replace(/\/$/, ''),
};

/** An absolute URL as the issuer of tokens names itself: with its trailing slash. */
export const issuerUrl: Rule<string> = {
  check: parsesAsUrl,
  allowed: (raw) => `must be an absolute URL, got "${raw}"`,
  decode: (raw) => {
    const href = new URL(raw).href;
    return href.endsWith('/') ? href : `${href}/`;
  },
};

function isOrigin(raw: string): boolean {
  if (!URL.canParse(raw)) return false;
  const url = new URL(raw);
  return ['http:', 'https:'].includes(url.protocol) && url.pathname === '/' && !url.search && !url.hash;
}

function splitList(raw: string): string[] {
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Comma-separated origins (scheme, host and port), each once. */
export const origins: Rule<string[]> = {
  check: (raw) => splitList(raw).length > 0 && splitList(raw).every(isOrigin),
  allowed: (raw) => `must list origins (scheme, host and port only) such as http://localhost:3000, comma-separated, got "${raw}"`,
  decode: (raw) => [...new Set(splitList(raw).map((origin) => new URL(origin).origin))],
};

export const onOff: Rule<boolean> = {
  check: (raw) => raw === 'true' || raw === 'false',
  allowed: (raw) => `must be true or false, got "${raw}"`,
  decode: (raw) => raw === 'true',
};

export const nodeEnv: Rule<'development' | 'test' | 'production'> = {
  // Any other value runs as development, as Node tools do.
  check: () => true,
  allowed: () => 'is free text',
  decode: (raw) => (raw === 'production' ? 'production' : raw === 'test' ? 'test' : 'development'),
};

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export const logLevel: Rule<string> = {
  check: (raw) => LOG_LEVELS.includes(raw),
  allowed: (raw) => `must be one of ${LOG_LEVELS.join(', ')}, got "${raw}"`,
  decode: (raw) => raw,
};
