// The lint of the whole workspace (run by `npm test`): typescript-eslint's recommended rules, and
// the boundaries of the layout (docs/ARCHITECTURE.md), which otherwise hold by discipline only.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
const FRONTENDS = ['customer-mfe', 'admin-mfe', 'debug-mfe'];

/** The folders directly inside `dir`. */
function foldersOf(dir) {
  return readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/** A remote's features never import each other: what two features share lives in the remote's lib/ or in shared-ui. */
const featureZones = FRONTENDS.flatMap((remote) =>
  foldersOf(`${remote}/src/features`).map((feature) => ({
    target: `./${remote}/src/features/${feature}`,
    from: `./${remote}/src/features`,
    except: [`./${feature}`],
    message: 'features never import each other; move what they share to lib/ or shared-ui',
  })),
);

/** Only the stores themselves and the composition (main.ts, app.ts) touch db/; everything else reaches data through store/. */
const SERVICE = './booking-service/src';
const dataZones = foldersOf('booking-service/src')
  .filter((folder) => folder !== 'db')
  .map((folder) => ({
    target: `${SERVICE}/${folder}`,
    from: `${SERVICE}/db`,
    message: 'domains and routes reach data through the Store interface (store/types.ts), never db/',
  }));

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/.data/**', '**/test-results/**', '**/playwright-report/**', '.bench/**', '**/coverage/**'],
  },
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    extends: [tseslint.configs.recommended],
    plugins: { 'import-x': importX },
    settings: {
      // Which files the import rules read to follow imports (no-cycle needs TypeScript's too).
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...featureZones, ...dataZones] }],
      // `_`-prefixed names are deliberately unused (a handler's unused argument, a skipped tuple slot).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // The service reads its environment in one place each: the service's settings (config/config.ts) and the
    // local identity provider's (identity/provider/config.ts), both schema-validated (config/environment.ts).
    files: ['booking-service/src/**/*.ts'],
    ignores: ['booking-service/src/config/config.ts', 'booking-service/src/identity/provider/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'settings come from the Config (config/config.ts), validated once at start' },
      ],
    },
  },
  {
    // Tests read raw JSON answers (error bodies, malformed input echoed back), loosely typed on purpose.
    files: ['**/test/**', '**/tests/**', '**/*.test.{ts,tsx}', '**/testing/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
