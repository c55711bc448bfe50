/**
 * A remote's server module (docs/platform/frontends.md, "The first view from the HTML"): a second compilation of
 * the remote for Node (ES module, one file, its own React and libraries: no federation, it never runs in a
 * browser) whose `render({ path, config, signal })` the page server calls to put a first page's view in the HTML.
 * It is compiled before the remote, so the remote's manifest can name the file (metaData.firstView, content-hashed:
 * a page server that fetches it from the remote's origin keeps it by that name) and the remote's build copies it
 * into its dist/server/.
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SERVER_DIR = 'server';

/**
 * Where the server compilation writes: outside dist/ (which the remote's own compilation cleans), one folder per
 * package folder (a test's copy of the app links the app's node_modules, so not there: two builds would share it).
 */
const outputDir = (packageDir) => path.join(os.tmpdir(), 'marquee-server-render', createHash('sha256').update(path.resolve(packageDir)).digest('hex').slice(0, 16));

export const serverRenderName = (name) => `${name}-server-render`;

/** The rspack configuration of the server module `entry` (relative to `packageDir`). */
export function serverRenderConfig({ packageDir, name, entry, rspack, moduleRules }) {
  return {
    name: serverRenderName(name),
    context: packageDir,
    target: 'node22',
    entry: { 'first-view': `./${entry}` },
    output: { path: outputDir(packageDir), filename: '[name].[contenthash:8].mjs', module: true, chunkFormat: 'module', library: { type: 'module' }, clean: true },
    experiments: { outputModule: true },
    resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js'] },
    // Styles reach the page from the browser build; here a stylesheet import is only text nobody reads.
    module: { rules: [...moduleRules({ development: false }).filter((rule) => String(rule.test) !== String(/\.css$/)), { test: /\.css$/, type: 'asset/source' }] },
    // One file: the page server loads a single module per release.
    plugins: [new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }), new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production') })],
    optimization: { minimize: true },
    devtool: false,
    performance: { hints: false },
  };
}

/** The remote compilation's part: copies the server module into dist/server/. */
export function copyServerModule(rspack, packageDir) {
  return new rspack.CopyRspackPlugin({ patterns: [{ from: path.join(outputDir(packageDir), '*.mjs'), to: `${SERVER_DIR}/[name][ext]` }] });
}

/** Names the server module in the manifest's metaData (a path relative to the manifest). */
export function addFirstView(stats, packageDir) {
  const file = readdirSync(outputDir(packageDir)).find((name) => name.endsWith('.mjs'));
  if (file) stats.metaData.firstView = `${SERVER_DIR}/${file}`;
  return stats;
}
