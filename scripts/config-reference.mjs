/**
 * Writes the tables that documentation would otherwise repeat from the code,
 * each between `<!-- generated:NAME -->` and `<!-- /generated:NAME -->`:
 *
 * - docs/operators/configuration.md: every environment variable of the booking
 *   service and of the local identity provider, with its default and what it
 *   does, read from their schemas (booking-service/src/config/config.ts and
 *   src/identity/provider/config.ts: each variable's `.meta({ description })`),
 *   and the payments and email pages' variables from the same schema;
 * - README.md: what runs where (DEFAULT_PORTS of scripts/stack.mjs) and the
 *   development accounts (booking-service/src/identity/dev-accounts.ts), the
 *   accounts and the identity provider's variables again in docs/service/sign-in.md.
 *
 * `node scripts/config-reference.mjs` rewrites them; `--check` changes nothing
 * and exits 1 naming each stale table. booking-service/test/config-reference.test.ts
 * fails when a committed table differs from what this writes.
 * The service's .ts modules are loaded by Node's own type stripping (Node 24).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const load = (file) => import(pathToFileURL(path.join(root, file)).href);

/** A table cell: pipes escaped, so a description may hold any text. */
const cell = (text) => String(text).replace(/\|/g, '\\|');

/**
 * One row per variable of a zod object of the environment (config/environment.ts's
 * withDefault and optional): its name, its default (a withDefault's own value, or an
 * optional's `meta().default`, else "unset") and its `meta().description`.
 */
export function environmentRows(schema) {
  return Object.entries(schema.shape).map(([name, variable]) => {
    const meta = variable.meta() ?? {};
    const def = variable._zod.def;
    let fallback;
    if (def.type === 'prefault') {
      if (meta.default !== undefined) throw new Error(`${name}: the default is the schema's own (${def.defaultValue}); drop meta's default`);
      fallback = `\`${def.defaultValue}\``;
    } else {
      fallback = meta.default ?? 'unset';
    }
    return { name, fallback, description: meta.description };
  });
}

/** Rewrites a description's relative links (written from docs/operators/) for a table in `file`. */
function rebaseLinks(text, file) {
  return text.replace(/\]\((?![a-z]+:|#)([^)]+)\)/g, (_, target) => {
    const rebased = path.posix.relative(path.posix.dirname(file), path.posix.join('docs/operators', target));
    return `](${rebased})`;
  });
}

/** The table of a schema's variables (or of those `names`, in that order) for `file`. */
function environmentTable(schema, file, names) {
  const all = environmentRows(schema);
  const rows = names ? names.map((name) => all.find((row) => row.name === name) ?? { name }) : all;
  const unknown = rows.filter((row) => !('fallback' in row)).map((row) => row.name);
  if (unknown.length) throw new Error(`${file} lists variables the schema does not have: ${unknown.join(', ')}`);
  const missing = rows.filter((row) => !row.description).map((row) => row.name);
  if (missing.length) throw new Error(`give each variable a description in its schema (.meta({ description })): ${missing.join(', ')}`);
  return [
    '| Variable | Default | What it does |',
    '|---|---|---|',
    ...rows.map((row) => `| \`${row.name}\` | ${cell(row.fallback)} | ${cell(rebaseLinks(row.description, file))} |`),
  ].join('\n');
}

/** The variables the payments and email pages show, from the same schema (the full list is configuration.md's). */
const PAYMENT_VARIABLES = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_TIMEOUT_MS',
  'STRIPE_API_BASE',
  'CURRENCY',
  'HOLD_MINUTES',
  'HOLD_SWEEP_SECONDS',
  'RECONCILE_SECONDS',
];
const EMAIL_VARIABLES = ['SMTP_URL', 'EMAIL_FROM', 'SMTP_TIMEOUT_MS'];

/** What each default port of scripts/stack.mjs serves; a port without a line here fails the check. */
const PORT_LABELS = {
  shell: 'the site (shell)',
  customer: 'customer remote (also a standalone page)',
  admin: 'admin remote (also a standalone page)',
  debug: 'debug remote (also a standalone page)',
  service: 'booking service (the OpenAPI page at `/docs`)',
  identity: 'local identity provider (development only)',
};

function portsTable(ports) {
  return [
    '| Part | URL |',
    '|---|---|',
    ...Object.entries(ports).map(([name, port]) => {
      if (!PORT_LABELS[name]) throw new Error(`scripts/config-reference.mjs: say what port ${name} (${port}) serves in PORT_LABELS`);
      return `| ${PORT_LABELS[name]} | http://localhost:${port} |`;
    }),
  ].join('\n');
}

const ROLE_LABELS = {
  '': 'moviegoer',
  admin: '`admin` (theatre staff: the admin remote)',
  support: '`support` (support staff: the debug remote)',
  door: '`door` (door staff: checking tickets in, POST /api/admin/check-in, nothing else)',
};

function accountsTable(accounts, password) {
  return [
    '| Account | Name | Role | Password |',
    '|---|---|---|---|',
    ...accounts.map((account) => {
      const role = account.roles.map((r) => ROLE_LABELS[r] ?? `\`${r}\``).join(', ') || ROLE_LABELS[''];
      return `| \`${account.email}\` | ${cell(account.name)} | ${role} | \`${password}\` |`;
    }),
  ].join('\n');
}

/** Every generated table: the file it lives in, its marker's name and its text. */
export async function generatedTables() {
  const [{ ServiceEnvironment }, { IdentityEnvironment }, { DEV_ACCOUNTS, DEV_PASSWORD }, { DEFAULT_PORTS }] = await Promise.all([
    load('booking-service/src/config/config.ts'),
    load('booking-service/src/identity/provider/config.ts'),
    load('booking-service/src/identity/dev-accounts.ts'),
    load('scripts/stack.mjs'),
  ]);
  const configuration = 'docs/operators/configuration.md';
  const payments = 'docs/service/payments.md';
  const email = 'docs/service/email.md';
  const signIn = 'docs/service/sign-in.md';
  return [
    { file: configuration, name: 'service-environment', text: environmentTable(ServiceEnvironment, configuration) },
    { file: configuration, name: 'identity-environment', text: environmentTable(IdentityEnvironment, configuration) },
    { file: payments, name: 'payments-environment', text: environmentTable(ServiceEnvironment, payments, PAYMENT_VARIABLES) },
    { file: email, name: 'email-environment', text: environmentTable(ServiceEnvironment, email, EMAIL_VARIABLES) },
    { file: 'README.md', name: 'ports', text: portsTable(DEFAULT_PORTS) },
    { file: 'README.md', name: 'dev-accounts', text: accountsTable(DEV_ACCOUNTS, DEV_PASSWORD) },
    { file: signIn, name: 'dev-accounts', text: accountsTable(DEV_ACCOUNTS, DEV_PASSWORD) },
    { file: signIn, name: 'identity-environment', text: environmentTable(IdentityEnvironment, signIn) },
  ];
}

function replaceSection(content, file, name, text) {
  const start = `<!-- generated:${name} (node scripts/config-reference.mjs; edit the source, not this table) -->`;
  const end = `<!-- /generated:${name} -->`;
  const from = content.indexOf(start);
  const to = content.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${file}: the markers of ${name} are missing:\n${start}\n${end}`);
  return `${content.slice(0, from + start.length)}\n\n${text}\n\n${content.slice(to)}`;
}

/** Each file with generated tables: what it holds and what this script would write. */
export async function generatedFiles() {
  const byFile = new Map();
  for (const table of await generatedTables()) {
    if (!byFile.has(table.file)) {
      const actual = readFileSync(path.join(root, table.file), 'utf8');
      byFile.set(table.file, { file: table.file, actual, expected: actual });
    }
    const entry = byFile.get(table.file);
    entry.expected = replaceSection(entry.expected, table.file, table.name, table.text);
  }
  return [...byFile.values()];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  const stale = [];
  for (const { file, actual, expected } of await generatedFiles()) {
    if (actual === expected) continue;
    stale.push(file);
    if (!check) writeFileSync(path.join(root, file), expected);
  }
  if (check && stale.length) {
    console.error(`Stale generated tables in ${stale.join(', ')}: run node scripts/config-reference.mjs`);
    process.exitCode = 1;
  } else {
    console.log(stale.length ? `Rewrote the generated tables of ${stale.join(', ')}` : 'The generated tables are up to date');
  }
}
