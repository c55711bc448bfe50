/**
 * Module Federation settings every frontend build uses, so the shell and the
 * remotes agree: the shared singletons with their version ranges (read from the
 * pnpm catalog in pnpm-workspace.yaml, the one place versions live), and the
 * compiler rules for TypeScript and CSS.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

/** Reads the flat `catalog:` map of pnpm-workspace.yaml. */
export function readCatalog(file = workspaceFile) {
  const catalog = {};
  let inCatalog = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (/^catalog:\s*$/.test(line)) {
      inCatalog = true;
      continue;
    }
    if (inCatalog && /^\S/.test(line)) break;
    const entry = inCatalog && /^\s+'?([^':#]+)'?:\s*(\S+)/.exec(line);
    if (entry) catalog[entry[1].trim()] = entry[2].trim();
  }
  return catalog;
}

/** Every app runs in browsers only: the runtime leaves out its Node.js code (about 19 KiB gzip). */
export const FEDERATION_EXPERIMENTS = { optimization: { target: 'web' } };

/**
 * Shared modules resolve from what is already registered (the shell provides
 * every singleton) instead of first fetching every remote's entry to compare
 * versions: a remote that is down must not stop the page loading the sign-in
 * SDK or any other on-demand shared module.
 */
export const SHARE_STRATEGY = 'loaded-first';

/**
 * Shared singletons the first render does not need: never bundled eagerly, so
 * the shell downloads them when a page first asks (the Auth0 SDK is imported by
 * shared-ui's auth/auth0-session.tsx after the first render).
 */
export const LOADED_ON_DEMAND = ['@auth0/auth0-react'];

const sharedUiVersion = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8')).version;

/**
 * The `shared` option of ModuleFederationPlugin. `eager` only in the shell,
 * which provides the singletons; remotes consume them.
 */
export function sharedDependencies({ eager = false } = {}) {
  const catalog = readCatalog();
  const shared = {};
  for (const name of SINGLETONS) {
    const requiredVersion = catalog[name];
    if (!requiredVersion) throw new Error(`${name} is missing from the catalog in pnpm-workspace.yaml`);
    shared[name] = { singleton: true, requiredVersion, eager: eager && !LOADED_ON_DEMAND.includes(name) };
  }
  shared['react-dom/client'] = { singleton: true, requiredVersion: catalog['react-dom'], eager };
  shared['react/jsx-runtime'] = { singleton: true, requiredVersion: catalog.react, eager };
  shared['shared-ui'] = { singleton: true, requiredVersion: `^${sharedUiVersion}`, eager };
  return shared;
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
    clean: true,
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
 */
export function remoteRspackConfig({ packageDir, name, port, title, rspack, ModuleFederationPlugin, ReactRefreshPlugin }) {
  return (_env, argv) => {
    const development = argv.mode === 'development';
    return {
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
          exposes: { './routes': './src/exposes/routes.tsx' },
          shared: sharedDependencies(),
          manifest: true,
          dts: false,
          experiments: FEDERATION_EXPERIMENTS,
          shareStrategy: SHARE_STRATEGY,
        }),
        new rspack.HtmlRspackPlugin({ title, templateContent: standaloneHtml(title), inject: 'body', scriptLoading: 'defer' }),
        new rspack.CopyRspackPlugin({ patterns: [{ from: LOCAL_APP_CONFIG, to: 'app-config.json' }] }),
        new VersionFilePlugin(packageDir),
        ...(development ? [new ReactRefreshPlugin({ library: REFRESH_NAMESPACE }), sharedRefreshRuntimePlugin(rspack)] : []),
      ],
      performance: { hints: false },
      devServer: {
        host: 'localhost',
        port,
        historyApiFallback: true,
        hot: true,
        client: { webSocketURL: `ws://localhost:${port}/ws`, overlay: { errors: true, warnings: false } },
        // The shell on another origin fetches the manifest and chunks.
        headers: { 'Access-Control-Allow-Origin': '*' },
      },
    };
  };
}

function standaloneHtml(title) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>${title}</title></head><body><div id="root"></div></body></html>`;
}
