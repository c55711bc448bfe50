/**
 * Inside each remote, imports run exposes → pages → features → components/lib/api (eslint.config.mjs,
 * REMOTE_LAYERS): lint fails on an upward import in every remote. Each case lints a probe's text placed in a
 * folder (nothing is written to the tree).
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });

async function layerErrors(fileInRemote, importPath) {
  const source = `import * as probe from '${importPath}';\n\nexport const used = probe;\n`;
  const [result] = await eslint.lintText(source, { filePath: path.join(root, fileInRemote) });
  return result.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

// Real files to import (an import that does not resolve is not checked): a page, a feature's module, the routes.
const REMOTES = {
  'customer-mfe': { page: 'cinema-page', feature: 'bookings/api/get-my-bookings' },
  'admin-mfe': { page: 'add-shows-page', feature: 'access/lib/admin-area' },
  'debug-mfe': { page: 'bookings-page', feature: 'bookings/lib/outcomes' },
};

for (const [remote, { page, feature }] of Object.entries(REMOTES)) {
  test(`${remote}: a feature importing a page or an exposed module fails lint`, async () => {
    assert.match((await layerErrors(`${remote}/src/features/probe/probe.ts`, `../../pages/${page}`))[0] ?? '', /features\/ sits below/);
    assert.equal((await layerErrors(`${remote}/src/features/probe/probe.ts`, '../../exposes/routes')).length, 1);
  });

  test(`${remote}: lib/ and components/ importing a feature or a page fail lint; a page importing an exposed module too`, async () => {
    assert.match((await layerErrors(`${remote}/src/lib/probe.ts`, `../features/${feature}`))[0] ?? '', /lib\/ sits below/);
    assert.equal((await layerErrors(`${remote}/src/components/probe.tsx`, `../pages/${page}`)).length, 1);
    assert.equal((await layerErrors(`${remote}/src/pages/probe-page.tsx`, '../exposes/routes')).length, 1);
  });

  test(`${remote}: imports down the layers pass`, async () => {
    assert.deepEqual(await layerErrors(`${remote}/src/pages/probe-page.tsx`, `../features/${feature}`), []);
    assert.deepEqual(await layerErrors(`${remote}/src/exposes/probe.tsx`, `../pages/${page}`), []);
  });
}

test('a page over 100 lines (blank lines and comments aside) fails lint in every remote; 100 pass', async () => {
  const pageOf = (lines) => `${Array.from({ length: lines - 1 }, (_, i) => `export const line${i} = ${i};`).join('\n')}\nexport const last = 0;\n`;
  for (const remote of Object.keys(REMOTES)) {
    const lint = async (source) => (await eslint.lintText(source, { filePath: path.join(root, `${remote}/src/pages/probe-page.tsx`) }))[0].messages.filter((m) => m.ruleId === 'max-lines');
    assert.equal((await lint(pageOf(101))).length, 1, remote);
    assert.deepEqual(await lint(pageOf(100)), [], remote);
  }
});
