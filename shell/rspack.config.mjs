import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import { FirstRenderHtmlPlugin } from './build/first-render-html.mjs';
import { contractPlugin, developmentOptions, EsmFederationRuntimePlugin, FederationErrorTextPlugin, federationOptions, LOCAL_APP_CONFIG, moduleRules, PrecompressPlugin, outputOptions, REFRESH_NAMESPACE, sharedExportsFile, sharedRefreshRuntimePlugin, VersionFilePlugin } from 'shared-ui/federation';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The host. It knows no remote at build time: /remotes.json, served beside it,
 * maps each remote to its mf-manifest.json and is registered at run time.
 */
export default (_env, argv) => {
  const development = argv.mode === 'development';
  // The compatibility contract, published in the shell's mf-manifest.json for deploy checks and remotes' builds.
  const contract = development ? null : contractPlugin({ packageDir: here, role: 'shell' });
  return {
    context: here,
    entry: { main: './src/index.ts' },
    output: outputOptions({ dir: path.join(here, 'dist'), uniqueName: 'shell', publicPath: '/', development }),
    resolve: {
      extensions: ['.tsx', '.ts', '.jsx', '.js'],
      // React Router's server-side cookie helpers (createCookie, a response's Set-Cookie): no browser app calls
      // them, yet the tree-shaken router kept both packages (about 1.8 KiB gzip of every first visit), since
      // they do not say they have no side effects. Left out of the shell's build, which provides the router:
      // a stub in the shell's own code, so it travels in the first render's files, not in a request of its own.
      alias: { cookie$: path.join(here, 'build/server-cookie-helpers.mjs'), 'set-cookie-parser$': path.join(here, 'build/server-cookie-helpers.mjs') },
    },
    module: { rules: moduleRules({ development }) },
    devtool: development ? 'cheap-module-source-map' : 'source-map',
    plugins: [
      new ModuleFederationPlugin({
        name: 'shell',
        remotes: {},
        runtimePlugins: [path.join(here, 'src/federation/fallback-plugin.ts')],
        ...(contract && { manifest: { additionalData: contract.addToManifest } }),
        ...federationOptions({ development, runtime: 'provide' }),
      }),
      new rspack.HtmlRspackPlugin({ template: './public/index.html', inject: 'body', scriptLoading: 'defer' }),
      new FirstRenderHtmlPlugin({ asyncBoundary: './bootstrap', earlyEntry: './src/early/index.ts', development, moduleRules: moduleRules({ development: false }) }),
      new rspack.CopyRspackPlugin({
        patterns: [
          { from: 'public', globOptions: { ignore: ['**/index.html'] } },
          { from: LOCAL_APP_CONFIG, to: 'app-config.json' },
        ],
      }),
      new VersionFilePlugin(here),
      ...(contract ? [contract, sharedExportsFile(), new EsmFederationRuntimePlugin(), new FederationErrorTextPlugin(), new PrecompressPlugin()] : []),
      ...(development ? [new ReactRefreshRspackPlugin({ library: REFRESH_NAMESPACE }), sharedRefreshRuntimePlugin(rspack)] : []),
    ],
    performance: { hints: false },
    // The first render's code in three files, not fourteen: the shared libraries (react-dom's client the largest),
    // the shell's and shared-ui's code, and the entry. On a phone the first page's requests share one slow link,
    // and each request in flight gets an even slice of it, so ten small downloads beside react-dom's held it to a
    // trickle; with four files Lighthouse's mobile LCP went from about 2.25 to 2.05 s, with react-dom joining the
    // other libraries to about 1.95 s: the last file no longer finishes alone on a connection that is only
    // starting to speed up (docs/performance.md).
    // A module loaded lazily must be named in the exclusions to keep its own file (the sign-in SDK and its glue,
    // the toast library and its toaster are; browser tests check that none of them loads with the page).
    optimization: {
      splitChunks: {
        chunks: 'async',
        cacheGroups: {
          firstRenderLibraries: {
            name: 'libraries',
            test: (module) => /[\\/]node_modules[\\/]/.test(module.resource ?? '') && !/@auth0|react-hot-toast|goober/.test(module.resource ?? ''),
            chunks: 'async',
            enforce: true,
            priority: 10,
          },
          firstRenderCode: {
            name: 'app',
            // Left to load when used: the toaster, the Auth0 session, the signed-in user's menu and workspace links, a failure's message rules, and what only release 0's
            // remotes ask of the shell: the API client's calls (shared-ui/src/api/client.ts) and the customer's links.
            test: (module) =>
              // The service's contract modules shared-ui's formatters use (the booking status's label) travel with them.
              (/[\\/](shell|shared-ui)[\\/](src|build)[\\/]/.test(module.resource ?? '') || /[\\/]booking-service[\\/]src[\\/]contract[\\/]/.test(module.resource ?? '')) &&
              !/toaster\.tsx$|auth0-session\.tsx$|user-menu\.tsx$|workspace-links\.tsx$|release-0-navigation\.ts$|[\\/]api[\\/](friendly-message|release-0-client|customer-client|staff-client)\.ts$/.test(module.resource ?? ''),
            chunks: 'async',
            enforce: true,
            priority: 5,
          },
        },
      },
    },
    ...(development && developmentOptions({ port: Number(process.env.SHELL_PORT ?? 3000) })),
  };
};
