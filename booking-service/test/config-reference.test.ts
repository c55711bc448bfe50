/**
 * The configuration reference and the other tables the docs take from the code (issue 39): what is committed
 * is what scripts/config-reference.mjs writes from the schemas, stack.mjs's ports and the development accounts.
 * On a failure, run `node scripts/config-reference.mjs` and commit the tables it rewrites.
 */
import { describe, expect, it } from 'vitest';
import { environmentRows, generatedFiles } from '../../scripts/config-reference.mjs';
import { ServiceEnvironment } from '../src/config/config.ts';
import { IdentityEnvironment } from '../src/identity/provider/config.ts';
import { laneLeftOut } from './support/lane-selection.ts';

describe.skipIf(laneLeftOut('pglite') !== null)('the tables the docs take from the code', () => {
  it('every variable of both schemas has a description', () => {
    for (const schema of [ServiceEnvironment, IdentityEnvironment]) {
      const undescribed = environmentRows(schema).filter((row) => !row.description?.trim());
      expect(undescribed.map((row) => row.name)).toEqual([]);
    }
  });

  it('a default is shown as the schema has it, or as the description of an optional variable says', () => {
    const rows = Object.fromEntries(environmentRows(ServiceEnvironment).map((row) => [row.name, row.fallback]));
    expect(rows.PORT).toBe('`4000`');
    expect(rows.HOLD_MINUTES).toBe('`10`');
    expect(rows.REHOLD_COOLDOWN_MINUTES).toBe('`HOLD_MINUTES`');
    expect(rows.ADOPT_STORE).toBe('unset');
  });

  it('README.md and docs/ hold the tables scripts/config-reference.mjs writes', async () => {
    const stale = (await generatedFiles()).filter((file) => file.actual !== file.expected).map((file) => file.file);
    expect(stale, 'run `node scripts/config-reference.mjs` and commit what it rewrites').toEqual([]);
  });
});
