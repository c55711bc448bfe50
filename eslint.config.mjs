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

/**
 * Inside every remote the imports run one way: `exposes` and `server` → `pages` → `features` → `components`,
 * `lib`, `api`. A page composes features; a feature never imports a page or an exposed module; the bottom
 * folders never import a feature (what two features share moves down). Folders a remote lacks match nothing.
 */
const REMOTE_LAYERS = [['components', 'lib', 'api'], ['features'], ['pages'], ['exposes', 'server']];
const remoteLayerZones = FRONTENDS.flatMap((remote) =>
  REMOTE_LAYERS.slice(0, -1).flatMap((folders, layer) =>
    folders.map((folder) => ({
      target: `./${remote}/src/${folder}`,
      from: REMOTE_LAYERS.slice(layer + 1).flat().map((above) => `./${remote}/src/${above}`),
      message: `${folder}/ sits below ${REMOTE_LAYERS.slice(layer + 1).flat().join(', ')} in a remote (eslint.config.mjs REMOTE_LAYERS): imports run exposes → pages → features → components/lib/api`,
    })),
  ),
);

/**
 * The booking service's layers, bottom first (docs/ARCHITECTURE.md draws them). A folder imports only
 * folders of lower layers, never one of its own layer or above: the arrows run one way. `contract/`, at
 * the bottom, is what the frontends import, so it imports nothing else of the service.
 */
export const SERVICE_LAYERS = [
  ['contract'],
  ['config'],
  ['tracing'],
  ['http', 'metrics'],
  ['identity', 'email', 'catalog'],
  ['cinemas'],
  ['shows'],
  ['seats'],
  ['bookings'],
  ['payments'],
  ['check-in'],
  ['users'],
  ['waiting-room'],
  ['admin', 'support', 'settings'],
  ['store'],
  ['integrity'],
  ['health', 'remote-health'],
  ['db'],
  ['seed'],
  ['composition'],
  ['app.ts', 'main.ts', 'serve.ts'],
];
const SERVICE = './booking-service/src';
const serviceFolders = foldersOf('booking-service/src');
const layerOf = new Map(SERVICE_LAYERS.flatMap((names, layer) => names.map((name) => [name, layer])));
const unlayered = serviceFolders.filter((folder) => !layerOf.has(folder));
if (unlayered.length) throw new Error(`eslint.config.mjs: give ${unlayered.join(', ')} a layer in SERVICE_LAYERS`);
const layerZones = serviceFolders.map((folder) => ({
  target: `${SERVICE}/${folder}`,
  from: [...layerOf]
    .filter(([name, layer]) => name !== folder && layer >= layerOf.get(folder))
    .map(([name]) => `${SERVICE}/${name}`),
  message: `${folder}/ is in layer ${layerOf.get(folder)} of SERVICE_LAYERS (eslint.config.mjs): it imports only lower layers (docs/ARCHITECTURE.md)`,
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
      // basePath: the zones name folders from the repository's root, wherever lint runs from.
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...featureZones, ...remoteLayerZones, ...layerZones] }],
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
    // No function of the product holds a whole area (docs/ARCHITECTURE.md): past 150 lines, split it
    // by what each part is for. Tests, benches and data aside.
    files: ['booking-service/src/**/*.ts', '{customer-mfe,admin-mfe,debug-mfe,shell,shared-ui}/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**'],
    rules: { 'max-lines-per-function': ['error', { max: 150 }] },
  },
  {
    // A page composes features and holds no logic of its own (docs/ARCHITECTURE.md): past 100 lines it is doing a
    // feature's work; move that into the feature.
    files: ['{customer-mfe,admin-mfe,debug-mfe}/src/pages/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: { 'max-lines': ['error', { max: 100, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Tests read raw JSON answers (error bodies, malformed input echoed back), loosely typed on purpose.
    files: ['**/test/**', '**/tests/**', '**/*.test.{ts,tsx}', '**/testing/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
