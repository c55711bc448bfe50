import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { laneLeftOut } from './support/lane-selection.ts';

/**
 * The service's layers (eslint.config.mjs, SERVICE_LAYERS; docs/ARCHITECTURE.md) are enforced by
 * lint: an import that runs up a layer, or across one, fails `npm run lint`. Each case lints a
 * probe file placed in a folder of src/ (its text only: nothing is written to the tree).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });

async function layeringErrors(folder: string, importPath: string): Promise<string[]> {
  const source = `import * as probe from '${importPath}';\n\nexport const used = probe;\n`;
  const [result] = await eslint.lintText(source, { filePath: path.join(root, 'booking-service/src', folder, 'layering-probe.ts') });
  return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe.skipIf(laneLeftOut('pglite') !== null)('the layers of booking-service/src', () => {
  it('refuses contract/ importing anything else of the service', async () => {
    const errors = await layeringErrors('contract', '../bookings/booking-json.ts');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/contract\/ is in layer 0 .* imports only lower layers/);
  });

  it('refuses bookings/ importing payments/ (payments build on bookings, never the reverse)', async () => {
    expect(await layeringErrors('bookings', '../payments/payment-service.ts')).toHaveLength(1);
  });

  it('refuses http/ importing a domain or identity', async () => {
    expect(await layeringErrors('http', '../identity/auth.ts')).toHaveLength(1);
    expect(await layeringErrors('http', '../shows/show.ts')).toHaveLength(1);
  });

  it('refuses a domain reaching the whole store or a database adapter', async () => {
    expect(await layeringErrors('payments', '../store/types.ts')).toHaveLength(1);
    expect(await layeringErrors('shows', '../db/database.ts')).toHaveLength(1);
  });

  it('refuses imports between folders of one layer', async () => {
    expect(await layeringErrors('admin', '../support/routes.ts')).toHaveLength(1);
  });

  it('accepts imports down the layers', async () => {
    expect(await layeringErrors('payments', '../bookings/guarded-transitions.ts')).toEqual([]);
    expect(await layeringErrors('db', '../store/types.ts')).toEqual([]);
    expect(await layeringErrors('shows', '../contract/seats/hall.ts')).toEqual([]);
  });
});
