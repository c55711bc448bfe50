import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { buildFixture, type FixtureBuild } from '../support/fixture-builds';

const FRONTENDS = ['shell', 'customer-mfe', 'admin-mfe', 'debug-mfe'] as const;

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

const builds: FixtureBuild[] = [];
test.afterAll(() => {
  for (const build of builds.splice(0)) rmSync(build.work, { recursive: true, force: true });
});

test('no server secret reaches any built frontend file', async () => {
  test.setTimeout(120_000);
  const leaks: string[] = [];
  let scanned = 0;
  // Each app built as `npm run build` builds it, with its real configuration, but in a copy (support/fixture-builds.ts):
  // the checkout's dist/ folders are what the other workers' stacks serve meanwhile.
  for (const app of FRONTENDS) {
    const build = await buildFixture({ app, env: CANARIES });
    builds.push(build);
    for (const file of files(build.dist)) {
      const text = readFileSync(file, 'utf8');
      const name = `${app}/dist/${path.relative(build.dist, file)}`;
      scanned++;
      for (const [secret, value] of Object.entries(CANARIES)) {
        const secretPart = value.match(/CANARY[0-9a-f]+/)![0];
        if (text.includes(secretPart)) leaks.push(`${name} contains ${secret}`);
      }
      // Shapes of real credentials, whatever their value.
      for (const pattern of [/sk_(live|test)_[0-9A-Za-z]{10,}/, /whsec_[0-9A-Za-z]{10,}/, /api_key=[0-9a-f]{16,}/]) {
        const match = text.match(pattern);
        if (match) leaks.push(`${name} contains ${match[0]}`);
      }
    }
  }
  expect(scanned).toBeGreaterThan(20);
  expect(leaks).toEqual([]);
});
