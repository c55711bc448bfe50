/**
 * Module Federation settings every frontend build uses, so the shell and the
 * remotes agree: the shared singletons with their version ranges (read from the
 * pnpm catalog in pnpm-workspace.yaml, the one place versions live), and the
 * compiler rules for TypeScript and CSS.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { ContractPlugin } from './build/contract-plugin.mjs';
import { DevOneContainerPlugin } from './build/dev-one-container.mjs';
import { moduleExportNames } from './build/module-exports.mjs';
import { OWN_RUNTIME_FILE, OwnRuntimeFallbackPlugin } from './build/own-runtime-fallback.mjs';
import { PrecompressPlugin } from './build/precompress.mjs';
import { addFirstView, copyServerModule, serverRenderConfig, serverRenderName } from './build/server-render.mjs';
import { SharedExportsFile } from './build/tree-shaken-imports.mjs';

export { PrecompressPlugin };

const here = path.dirname(fileURLToPath(import.meta.url));
const workspaceFile = path.resolve(here, '../pnpm-workspace.yaml');

/** The React Refresh namespace every app uses in development, so the shared runtime is injected once. */
export const REFRESH_NAMESPACE = 'marquee';

/** Libraries that must exist once in the page. */
export const SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  '@tanstack/react-query',
  'zustand',
  'react-hot-toast',
  '@auth0/auth0-react',
];

/** The `catalog:` map of pnpm-workspace.yaml: package name -> version range. */
export function readCatalog(file = workspaceFile) {
  return parseYaml(readFileSync(file, 'utf8')).catalog ?? {};
}

/**
 * Shared libraries that every provider bundles with only the exports the apps
 * import (Module Federation's shared tree shaking, "runtime-infer" mode): the
 * shell's react-router-dom is about 16 KiB gzip instead of 60; the full builds
 * are emitted beside it, under independent-packages/. Every app consumes the
 * shell's build, so this list is part of the contract between builds deployed
 * apart (build/shared-contract.mjs): the shell publishes it, each remote's build
 * checks its imports against the deployed shell's and fails naming the export
 * (contractPlugin), a deploy checks again (scripts/check-remote.mjs), and the
 * shell shows a clear fallback rather than render a remote that needs more.
 * Adding an export means deploying the shell before the app that uses it.
 */
export const TREE_SHAKEN_EXPORTS = {
  'react-router-dom': ['BrowserRouter', 'Link', 'NavLink', 'Navigate', 'Outlet', 'Route', 'Routes', 'matchPath', 'useLocation', 'useNavigate', 'useParams', 'useSearchParams'],
  '@tanstack/react-query': ['QueryClient', 'QueryClientProvider', 'keepPreviousData', 'queryOptions', 'useMutation', 'useQueries', 'useQuery', 'useQueryClient'],
};

const sharedUiVersion = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8')).version;

/**
 * The `shared` option of ModuleFederationPlugin, the same for the shell and the
 * remotes. Nothing is eager: every app's entry is an async boundary, so the
 * runtime settles on one copy of each library before any code runs, and a
 * library the first render does not import (the Auth0 SDK, which shared-ui's
 * auth/auth0-session.tsx loads after it) downloads only when first needed.
 */
export function sharedDependencies({ development = false } = {}) {
  const catalog = readCatalog();
  const shared = {};
  const add = (name, requiredVersion) => {
    if (!requiredVersion) throw new Error(`${name} is missing from the catalog in pnpm-workspace.yaml`);
    // Development builds skip it: each rebuild would also recompile the libraries' full builds.
    const usedExports = !development && TREE_SHAKEN_EXPORTS[name];
    shared[name] = { singleton: true, requiredVersion, ...(usedExports && { treeShaking: { mode: 'runtime-infer', usedExports } }) };
  };
  for (const name of SINGLETONS) add(name, catalog[name]);
  add('react-dom/client', catalog['react-dom']);
  add('react/jsx-runtime', catalog.react);
  add('shared-ui', `^${sharedUiVersion}`);
  return shared;
}

/**
 * The ModuleFederationPlugin options the shell and every remote have in common.
 * `runtime`: the shell provides its federation runtime to the page
 * ('provide'); the remotes' production builds use it ('external') instead of
 * carrying a second copy in each remoteEntry.js (about 17 KiB gzip each); in
 * development they keep their own ('own').
 */
export function federationOptions({ development, runtime }) {
  return {
    shared: sharedDependencies({ development }),
    dts: false,
    experiments: {
      // Browsers only: the runtime leaves out its Node.js code (about 19 KiB gzip). Without its manifest
      // ("snapshot") support, 1.5 KiB gzip less: the shell registers each remote by the remoteEntry.js its
      // manifest names (shell/src/federation/remote-registry.ts), and its page's inline script preloads the
      // first page's remote files from that manifest, which the runtime's snapshot was for.
      // A remote loads no remote of its own: its entry leaves out the code that would (disableRemote).
      optimization: { target: 'web', disableSnapshot: true, ...(runtime !== 'provide' && { disableRemote: true }) },
      ...(runtime === 'provide' && { provideExternalRuntime: true }),
      ...(runtime === 'external' && { externalRuntime: true }),
    },
    // Shared modules resolve from what is already registered (the shell provides
    // every singleton) instead of first fetching every remote's entry to compare
    // versions: a remote that is down must not stop the page loading a library.
    shareStrategy: 'loaded-first',
    // The full builds of tree-shaken libraries are compiled with the app's
    // plugins; these would copy the run-time config and version.json into them,
    // check the imports a second time and write the shell's page.
    treeShakingSharedExcludePlugins: ['CopyRspackPlugin', 'VersionFilePlugin', 'ContractPlugin', 'SharedExportsFile', 'FirstRenderHtmlPlugin', 'OwnRuntimeFallbackPlugin'],
  };
}

/** The package.json nearest above `file` that names a package. */
function packageJsonAbove(file) {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'package.json');
    if (!existsSync(candidate)) continue;
    const pkg = JSON.parse(readFileSync(candidate, 'utf8'));
    if (pkg.name) return pkg;
  }
  throw new Error(`no package.json above ${file}`);
}

/** Each shared singleton's installed version (as the app in `packageDir` resolves it) and the range it accepts. */
function singletonVersions(packageDir) {
  const fromApp = createRequire(path.join(packageDir, 'package.json'));
  const versions = {};
  for (const [name, { requiredVersion }] of Object.entries(sharedDependencies())) {
    // react-dom/client is react-dom's; the package's main file leads to its package.json whatever its exports allow.
    const library = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
    versions[name] = { version: packageJsonAbove(fromApp.resolve(library)).version, accepts: requiredVersion };
  }
  return versions;
}

/** The major version of the federation runtime the app in `packageDir` builds with. */
function federationRuntimeMajor(packageDir) {
  return Number(packageJsonAbove(federationRuntimeCoreFile(packageDir)).version.split('.')[0]);
}

function contractOptions(packageDir, role) {
  return {
    role,
    sourceDirs: [path.join(packageDir, 'src'), path.join(here, 'src')],
    treeShakenExports: TREE_SHAKEN_EXPORTS,
    sharedUiExports: () => moduleExportNames(path.join(here, 'src/index.ts')),
    singletons: singletonVersions(packageDir),
    runtimeMajor: federationRuntimeMajor(packageDir),
  };
}

/**
 * The compatibility contract of the production build in `packageDir`
 * (build/contract-plugin.mjs): published in its mf-manifest.json (pass the
 * plugin's addToManifest as the manifest's additionalData), and checked: the
 * build fails, naming each mismatch, if it does not fit its shell. A remote's
 * shell is the deployed one when DEPLOYED_SHELL_URL is set (its mf-manifest.json,
 * or a release-0 shell's shared-exports.json), otherwise the shell of this checkout.
 */
export function contractPlugin({ packageDir, role }) {
  return new ContractPlugin({ ...contractOptions(packageDir, role), deployedShell: (role === 'remote' && process.env.DEPLOYED_SHELL_URL) || undefined });
}

/** Release 0's shells published their tree-shaken exports as shared-exports.json, which release-0 remotes' builds and deploy checks read. */
export function sharedExportsFile() {
  return new SharedExportsFile(TREE_SHAKEN_EXPORTS);
}

/**
 * Builds the federation runtime from its ES module files. The plugin resolves
 * them with require.resolve, which picks the CommonJS builds, and CommonJS
 * cannot be tree-shaken; the ES modules save about 5.5 KiB gzip of every
 * app's entry. Two ways in are rewritten: the aliases ModuleFederationPlugin
 * sets, and the files its generated runtime module imports by absolute path
 * (the bundler runtime, and the runtime plugin provideExternalRuntime adds,
 * whose CommonJS build `require`s a second, CommonJS copy of the runtime core:
 * about 22 KiB gzip of the shell's entry). Once the importer is an ES module,
 * the packages' own "import" conditions keep everything below it ES modules.
 * Register it after ModuleFederationPlugin: it rewrites the aliases that
 * plugin sets, and leaves any path without an ES module twin.
 */
export class EsmFederationRuntimePlugin {
  apply(compiler) {
    const twinOf = (file) => {
      const twin = file.replace(/\.cjs$/, '.js');
      return file.endsWith('.cjs') && existsSync(twin) ? twin : null;
    };
    compiler.hooks.afterPlugins.tap('EsmFederationRuntimePlugin', () => {
      const alias = compiler.options.resolve.alias;
      const esm = {};
      for (const [key, file] of Object.entries(alias)) {
        const twin = typeof file === 'string' && twinOf(file);
        if (twin) esm[key] = twin;
      }
      compiler.options.resolve.alias = { ...alias, ...esm };
    });
    // Before resolution only: a resolved file's module type is already set from its .cjs name.
    new compiler.webpack.NormalModuleReplacementPlugin(/[\\/]@module-federation[\\/].*\.cjs$/, (resolveData) => {
      const twin = !resolveData.createData && path.isAbsolute(resolveData.request) && twinOf(resolveData.request);
      if (twin) resolveData.request = twin;
    }).apply(compiler);
  }
}

/**
 * The federation runtime's error sentences (@module-federation/error-codes' desc file) replaced, once resolved,
 * by build/federation-error-text.mjs: the errors keep their codes and documentation links, and each first visit
 * downloads about 1.1 KiB gzip less (the shell's entry and the customer remote's remoteEntry.js each carried them).
 * Register it with EsmFederationRuntimePlugin, in production builds.
 */
export class FederationErrorTextPlugin {
  apply(compiler) {
    new compiler.webpack.NormalModuleReplacementPlugin(/[\\/]@module-federation[\\/]error-codes[\\/]dist[\\/]desc\.m?js$/, path.join(here, 'build/federation-error-text.mjs')).apply(compiler);
  }
}

/**
 * Development: every app's React Refresh client uses one runtime per page (see
 * dev/refresh-runtime.cjs). A replacement rather than an alias, because the
 * refresh plugin puts its own 'react-refresh' alias first.
 */
export function sharedRefreshRuntimePlugin(rspack) {
  const shim = path.join(here, 'dev/refresh-runtime.cjs');
  return new rspack.NormalModuleReplacementPlugin(/^react-refresh\/runtime$/, shim);
}

/** Loader rules: TypeScript/TSX through rspack's built-in SWC, CSS through its native support. */
export function moduleRules({ development }) {
  return [
    {
      test: /\.[jt]sx?$/,
      exclude: /node_modules/,
      loader: 'builtin:swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development, refresh: development } },
          target: 'es2022',
        },
      },
      type: 'javascript/auto',
    },
    { test: /\.css$/, type: 'css/auto' },
    { test: /\.svg$/, type: 'asset/resource' },
  ];
}

/**
 * Output settings every frontend uses: content-hashed files under static/ in
 * production (cacheable forever), plain names in development.
 */
export function outputOptions({ dir, uniqueName, publicPath, development }) {
  return {
    path: dir,
    publicPath,
    filename: development ? '[name].js' : 'static/[name].[contenthash:8].js',
    chunkFilename: development ? '[name].js' : 'static/[name].[contenthash:8].js',
    cssFilename: 'static/[name].[contenthash:8].css',
    uniqueName,
    // Keeps the full builds of tree-shaken shared libraries, which a second compiler writes first.
    clean: { keep: /[\\/]independent-packages([\\/]|$)/ },
  };
}

/**
 * What `rspack serve --mode development` needs in every app (the shell and each remote), on `port`:
 *
 * - No lazy compilation. The rspack 2 CLI turns it on for web apps unless the config says otherwise, and it
 *   cannot work across origins: a remote's lazily compiled page asks the page's origin (the shell's dev server)
 *   to compile it, and the shell's server compiles its own code instead, so the remote's page waited forever
 *   (/movies stayed on a spinner) and the shell's page got hot updates it never asked for.
 * - The hot-update socket on the app's own server (`client.webSocketURL`), so a remote's code in the shell's
 *   page hears its own rebuilds; CORS for the shell's origin to fetch a remote's manifest, chunks and hot updates.
 * - DEV_RUNTIME_CONFIG (scripts/stack.mjs' startDevServers, JSON `{ remotes, appConfig }`): served as
 *   /remotes.json and /app-config.json, so the dev servers can run on other ports (the browser test's) than the
 *   files in the repository name. Unset, those files are served as built.
 */
export function developmentOptions({ port }) {
  const runtime = process.env.DEV_RUNTIME_CONFIG ? JSON.parse(process.env.DEV_RUNTIME_CONFIG) : null;
  const served = runtime && { '/remotes.json': runtime.remotes, '/app-config.json': runtime.appConfig };
  return {
    lazyCompilation: false,
    devServer: {
      host: 'localhost',
      port,
      historyApiFallback: true,
      hot: true,
      client: { webSocketURL: `ws://localhost:${port}/ws`, overlay: { errors: true, warnings: false } },
      headers: { 'Access-Control-Allow-Origin': '*' },
      ...(served && {
        setupMiddlewares: (middlewares) => [
          ...Object.entries(served).map(([url, body]) => ({
            name: `dev-runtime-config${url}`,
            path: url,
            middleware: (_request, response) => {
              response.setHeader('Content-Type', 'application/json');
              response.setHeader('Cache-Control', 'no-cache');
              response.setHeader('Access-Control-Allow-Origin', '*');
              response.end(JSON.stringify(body, null, 2));
            },
          })),
          ...middlewares,
        ],
      }),
    },
  };
}

/** The development run-time configuration every page serves as /app-config.json unless deployment replaces it. */
export const LOCAL_APP_CONFIG = path.join(here, 'config/app-config.local.json');

/** Emits version.json (name, version, build time) beside a build's files, so a deployment can be identified. */
export class VersionFilePlugin {
  constructor(packageDir) {
    this.pkg = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  }
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('VersionFilePlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'VersionFilePlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const info = { name: this.pkg.name, version: this.pkg.version, builtAt: new Date().toISOString() };
        compilation.emitAsset('version.json', new RawSource(`${JSON.stringify(info, null, 2)}\n`));
      });
    });
  }
}

/**
 * The rspack configuration of a remote: it exposes `./routes` with a manifest
 * (mf-manifest.json) the shell registers at run time, and it also builds a
 * standalone page (index.html) so its team can run it alone. `rspack`,
 * `ModuleFederationPlugin` and `ReactRefreshPlugin` come from the remote's own
 * dependencies. In development, React Refresh runs under the remote's own
 * namespace and its hot-update socket points at the remote's dev server, so an
 * edit shows in the shell's page too.
 *
 * In production the remote uses the shell's federation runtime (externalRuntime),
 * so its standalone page needs one of its own: a second, small compilation
 * writes federation-runtime.js, the page's first script (standaloneRuntimeConfig).
 *
 * `firstPages`: the remote's first-page table (a JSON file, relative to
 * `packageDir`), published as its manifest's metaData.firstPages (addFirstPages).
 * `serverRender`: the remote's server module (relative to `packageDir`), built for the page server in production
 * and named in the manifest's metaData.firstView (build/server-render.mjs).
 * `navigation`: a staff remote's workspace links module (relative to `packageDir`), exposed as `./navigation`
 * (shared-ui's RemoteNavigationModule): small, so the shell loads it for a signed-in account without the remote's pages.
 */
export function remoteRspackConfig({ packageDir, name, port, title, rspack, ModuleFederationPlugin, ReactRefreshPlugin, firstPages, serverRender, navigation }) {
  return (_env, argv) => {
    const development = argv.mode === 'development';
    const contract = development ? null : contractPlugin({ packageDir, role: 'remote' });
    const server = !development && serverRender ? serverRenderConfig({ packageDir, name, entry: serverRender, rspack, moduleRules }) : null;
    const withFirstView = (stats) => (server ? addFirstView(stats, packageDir) : stats);
    const remote = {
      name,
      ...(server && { dependencies: [serverRenderName(name)] }),
      context: packageDir,
      entry: { main: './src/index.ts' },
      // publicPath auto: chunks load from wherever the manifest was found, so one build serves any host or CDN path.
      output: outputOptions({ dir: path.join(packageDir, 'dist'), uniqueName: name, publicPath: 'auto', development }),
      resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js'] },
      module: { rules: moduleRules({ development }) },
      devtool: development ? 'cheap-module-source-map' : 'source-map',
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes: { './routes': './src/exposes/routes.tsx', ...(navigation && { './navigation': navigation }) },
          manifest: contract ? { additionalData: (data) => withFirstView(addFirstPages(contract.addToManifest(data), firstPages && path.join(packageDir, firstPages))) } : true,
          ...federationOptions({ development, runtime: development ? 'own' : 'external' }),
        }),
        new rspack.HtmlRspackPlugin({ title, templateContent: standaloneHtml(title, { ownRuntime: !development }), inject: 'body', scriptLoading: 'defer' }),
        new rspack.CopyRspackPlugin({ patterns: [{ from: LOCAL_APP_CONFIG, to: 'app-config.json' }] }),
        new VersionFilePlugin(packageDir),
        ...(server ? [copyServerModule(rspack, packageDir)] : []),
        ...(contract ? [contract, new EsmFederationRuntimePlugin(), new FederationErrorTextPlugin(), new OwnRuntimeFallbackPlugin({ entryFile: 'remoteEntry.js', globalName: name }), new PrecompressPlugin()] : []),
        ...(development ? [new ReactRefreshPlugin({ library: REFRESH_NAMESPACE }), sharedRefreshRuntimePlugin(rspack), new DevOneContainerPlugin({ entryFile: 'remoteEntry.js', globalName: name })] : []),
      ],
      performance: { hints: false },
      // The exposed module in one file with its styles: its modules that lazily loaded pages share stay in it
      // (a page's chunk then leaves them out, as they are loaded already) rather than going to a chunk of their
      // own, one more request on the way to every first render. Lazily loaded pages still share chunks.
      optimization: { splitChunks: { chunks: (chunk) => !chunk.canBeInitial() && !(chunk.name ?? '').startsWith('__federation_expose_') } },
      ...(development && developmentOptions({ port })),
    };
    return development ? remote : [...(server ? [server] : []), remote, standaloneRuntimeConfig({ packageDir, after: name })];
  };
}

/**
 * Publishes the remote's first-page table (read at each build, so the build
 * always carries the table beside its route table) as metaData.firstPages:
 * what a deployment inlines into the shell's page so the shell's early script
 * starts each page's API reads and preloads without knowing the remote
 * (scripts/inline-runtime-config.mjs, shell/src/early/first-page-data.ts).
 */
function addFirstPages(stats, file) {
  if (file) stats.metaData.firstPages = JSON.parse(readFileSync(file, 'utf8'));
  return stats;
}

/**
 * The file a remote's standalone page loads first to provide the federation runtime (no content hash: revalidated
 * like index.html); its remoteEntry.js loads it too in a page that provides no runtime (OwnRuntimeFallbackPlugin).
 */
const STANDALONE_RUNTIME_FILE = OWN_RUNTIME_FILE;

/**
 * Compiles shared-ui/build/standalone-federation-runtime.mjs into the remote's
 * dist/ after the remote's own compilation (whose output.clean would remove
 * it). Without ModuleFederationPlugin, so nothing here expects the runtime it
 * provides.
 */
function standaloneRuntimeConfig({ packageDir, after }) {
  return {
    name: `${after}-standalone-runtime`,
    dependencies: [after],
    context: packageDir,
    entry: path.join(here, 'build/standalone-federation-runtime.mjs'),
    output: { path: path.join(packageDir, 'dist'), filename: STANDALONE_RUNTIME_FILE, clean: false },
    resolve: { alias: { 'standalone-federation-runtime-core$': federationRuntimeCoreFile(packageDir) } },
    devtool: false,
    plugins: [new PrecompressPlugin()],
    performance: { hints: false },
  };
}

/** The ES module file of the federation runtime core the app's ModuleFederationPlugin uses (same version as the shell's). */
function federationRuntimeCoreFile(packageDir) {
  const fromApp = createRequire(path.join(packageDir, 'package.json'));
  const fromPlugin = createRequire(fromApp.resolve('@module-federation/enhanced/rspack'));
  const fromTools = createRequire(fromPlugin.resolve('@module-federation/runtime-tools'));
  const commonJs = fromTools.resolve('@module-federation/runtime-core');
  const esm = commonJs.replace(/\.cjs$/, '.js');
  return existsSync(esm) ? esm : commonJs;
}

function standaloneHtml(title, { ownRuntime }) {
  const runtime = ownRuntime ? `<script defer src="${STANDALONE_RUNTIME_FILE}"></script>` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>${title}</title>${runtime}</head><body><div id="root"></div></body></html>`;
}
