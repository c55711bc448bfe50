import { createHmac, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Stripe's webhook signature scheme: `Stripe-Signature: t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint's secret>`, as Stripe
 * signs its deliveries (the webhook receiver verifies them with stripe-node). The
 * tests sign the events they deliver with it.
 */
export function signStripePayload(payload: string, secret: string, timestampSeconds: number): string {
  const signature = createHmac('sha256', secret).update(`${timestampSeconds}.${payload}`, 'utf8').digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
}

const SECRET_FILE = 'webhook-secret';

/**
 * The webhook signing secret when STRIPE_WEBHOOK_SECRET is unset (local checkout):
 * generated once and kept in DATA_DIR/payments/, so it survives restarts and every
 * process on that data folder shares it. Two processes starting at once agree on
 * one secret (exclusive create; the loser reads the winner's).
 */
export async function developmentWebhookSecret(dataDir: string): Promise<string> {
  const dir = path.join(dataDir, 'payments');
  const file = path.join(dir, SECRET_FILE);
  const existing = await readSecret(file);
  if (existing) return existing;
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const secret = `whsec_${randomBytes(24).toString('hex')}`;
  try {
    await writeFile(file, `${secret}\n`, { flag: 'wx', mode: 0o600 });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    for (let attempt = 0; attempt < 20; attempt++) {
      const written = await readSecret(file);
      if (written) return written;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`${file} exists but holds no webhook secret; delete it to have a new one generated`);
  }
}

async function readSecret(file: string): Promise<string | null> {
  try {
    const value = (await readFile(file, 'utf8')).trim();
    return /^whsec_\S{8,}$/.test(value) ? value : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
