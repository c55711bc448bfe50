import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FRONTENDS = ['shell', 'customer-mfe', 'admin-mfe', 'debug-mfe'];

/** Server secrets set to recognisable canaries while the frontends build. */
const CANARIES = {
  STRIPE_SECRET_KEY: 'sk_test_CANARY9f3a1c7e',
  STRIPE_WEBHOOK_SECRET: 'whsec_CANARY5b2d8e4f',
  TMDB_API_KEY: 'tmdbCANARY6c1e9a2b',
  SMTP_URL: 'smtp://mailer:smtpCANARY3d7f@mail.example.com:587',
  DATABASE_URL: 'postgres://app:dbCANARY8a4c@db.example.com/cinema',
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

test('no server secret reaches any built frontend file', () => {
  test.setTimeout(120_000);
  for (const app of FRONTENDS) {
    execFileSync(path.join(root, app, 'node_modules/.bin/rspack'), ['build', '--mode', 'production'], {
      cwd: path.join(root, app),
      env: { ...process.env, ...CANARIES },
      stdio: 'ignore',
    });
  }
  const leaks: string[] = [];
  let scanned = 0;
  for (const app of FRONTENDS) {
    for (const file of files(path.join(root, app, 'dist'))) {
      const text = readFileSync(file, 'utf8');
      scanned++;
      for (const [name, value] of Object.entries(CANARIES)) {
        const secretPart = value.match(/CANARY[0-9a-f]+/)![0];
        if (text.includes(secretPart)) leaks.push(`${path.relative(root, file)} contains ${name}`);
      }
      // Shapes of real credentials, whatever their value.
      for (const pattern of [/sk_(live|test)_[0-9A-Za-z]{10,}/, /whsec_[0-9A-Za-z]{10,}/, /api_key=[0-9a-f]{16,}/]) {
        const match = text.match(pattern);
        if (match) leaks.push(`${path.relative(root, file)} contains ${match[0]}`);
      }
    }
  }
  expect(scanned).toBeGreaterThan(20);
  expect(leaks).toEqual([]);
});
