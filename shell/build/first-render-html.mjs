/**
 * Makes the shell's index.html start, the moment it is parsed, every download
 * the first page needs, instead of one round trip after another:
 *
 * - the scripts of the shell's first render, preloaded and run before the
 *   entry, and their styles inline: the chunks behind the entry's async
 *   boundary (`import('./bootstrap')`) and, transitively, the chunks of every
 *   shared library they consume (the shell provides each singleton, and
 *   `loaded-first` picks the shell's copy). Read from the compilation's chunk
 *   graph, so the list follows the code. Without them the browser learns of
 *   these files only once the entry has downloaded and run its federation
 *   runtime.
 * - the early script (src/early/index.ts), compiled as a bundle of its own
 *   without the federation runtime and inlined before the entry: it asks for
 *   the active remote's files, the page's API data and the hero image while
 *   the shell's scripts download.
 *
 * Both land in the HTML the deployment serves; scripts/inline-runtime-config.mjs
 * then adds the run-time config the early script reads.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const NAME = 'FirstRenderHtmlPlugin';

/** Module identifiers of the federation's shared-module wrappers, as rspack names them. */
const PROVIDED = /^provide shared module \([^)]*\) (.+?)@\S+ = /;
const CONSUMED = /^consume shared module \([^)]*\) (.+?)@/;

/**
 * Every chunk the first render loads: those of the chunk group
 * `import(asyncBoundary)` starts, then for each shared library consumed by a
 * group's chunks, those of the group that provides it, until nothing new is
 * consumed. Lazy imports (`import()` inside these chunks, such as the sign-in
 * SDK's) are not followed: they load on demand. In the order found, so a
 * library comes after what consumes it.
 */
export function firstRenderChunks(compilation, asyncBoundary) {
  const groups = compilation.chunkGroups;
  const providerOf = new Map();
  for (const group of groups) {
    for (const origin of group.origins ?? []) {
      const key = origin.module && PROVIDED.exec(origin.module.identifier())?.[1];
      if (key) providerOf.set(key, group);
    }
  }
  const boundary = groups.find((group) => (group.origins ?? []).some((origin) => origin.request === asyncBoundary));
  if (!boundary) throw new Error(`${NAME}: no chunk group is loaded by import('${asyncBoundary}')`);
  const chunks = [];
  const consumed = new Set();
  const pending = [boundary];
  while (pending.length) {
    for (const chunk of pending.shift().chunks) {
      if (chunks.includes(chunk)) continue;
      chunks.push(chunk);
      for (const module of compilation.chunkGraph.getChunkModules(chunk)) {
        const key = CONSUMED.exec(module.identifier())?.[1];
        if (!key || consumed.has(key)) continue;
        consumed.add(key);
        const provider = providerOf.get(key);
        if (provider) pending.push(provider);
      }
    }
  }
  return chunks;
}

/**
 * A chunk's files with `extension`. After a rebuild in development a chunk also lists its hot-update files, which
 * only the hot-update runtime may load: run by the page before the entry, one called the shell's hot-update
 * global before the runtime defined it (`self.rspackHotUpdateshell is not a function`).
 */
const HOT_UPDATE = /\.hot-update\.[a-z]+$/;
const filesOf = (chunks, extension) => chunks.flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith(extension) && !HOT_UPDATE.test(file)));

/**
 * The styles of `chunks` as `<style>` elements (libraries' before the app's),
 * each with a `<link>` marking its chunk's stylesheet as present the way
 * rspack's CSS loading recognises one already in the page, so that it is not
 * asked for again when the chunk loads.
 */
function inlineStyles(compilation, chunks, publicPath) {
  return [...chunks].reverse().flatMap((chunk) =>
    filesOf([chunk], '.css').map((file) => {
      const css = String(compilation.getAsset(file).source.source())
        .replace(/<\/(style)/gi, '<\\/$1')
        // Its source map sits beside the file, not beside the page.
        .replace(/\/\*# sourceMappingURL=(\S+?) ?\*\//, (_, map) => `/*# sourceMappingURL=${publicPath}${path.posix.dirname(file)}/${map} */`);
      return `<style>${css}</style><link rel="stylesheet" href="data:text/css," data-rspack="${compilation.outputOptions.uniqueName}:chunk-${chunk.id}">`;
    }),
  );
}

/** `code` safe inside a `<script>` element. */
const scriptSafe = (code) => code.replace(/<\/(script)/gi, '<\\/$1');

export class FirstRenderHtmlPlugin {
  /**
   * @param {{ asyncBoundary: string, earlyEntry: string, development: boolean, moduleRules: object[] }} options
   */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    const { asyncBoundary, earlyEntry } = this.options;
    this.earlyEntry = path.resolve(compiler.context, earlyEntry);
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      // Compiled beside the main compilation; awaited when the HTML is written.
      const early = this.compileEarlyScript(compiler);
      early.catch(() => {});
      compiler.webpack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tapPromise(NAME, async (data) => {
        const { code, fileDependencies } = await early;
        for (const file of fileDependencies) compilation.fileDependencies.add(file);
        const publicPath = compilation.outputOptions.publicPath === 'auto' ? '' : compilation.outputOptions.publicPath;
        const chunks = firstRenderChunks(compilation, asyncBoundary);
        const scripts = filesOf(chunks, '.js');
        // Largest first, the entry too (a deferred script is fetched at low priority, behind all of these):
        // a browser fetches a handful of files from one origin at a time (six over HTTP/1.1), and the
        // largest is the one that must not wait for a free connection.
        const entryScripts = [...compilation.entrypoints.values()].flatMap((entry) => entry.getFiles()).filter((file) => file.endsWith('.js') && !HOT_UPDATE.test(file));
        const size = (file) => compilation.getAsset(file)?.source.size() ?? 0;
        const preloads = [...new Set([...entryScripts, ...scripts])].sort((a, b) => size(b) - size(a)).map((file) => `<link rel="preload" as="script" href="${publicPath}${file}">`);
        // The first render's chunks also run before the entry (deferred scripts run in order): each only registers
        // its modules, so when the entry asks for them they are there, with no script element added and awaited.
        const chunkScripts = scripts.map((file) => `<script defer src="${publicPath}${file}"></script>`);
        // Their styles (a few KiB) come in the page; in development they load as files, so editing them reloads them hot.
        const styles = this.options.development ? [] : inlineStyles(compilation, chunks, publicPath);
        const inline = `<script>${scriptSafe(code)}</script>`;
        if (!data.html.includes('</head>') || !data.html.includes('<script defer')) throw new Error(`${NAME}: index.html needs a </head> and the entry's deferred <script>`);
        data.html = data.html.replace('</head>', `${styles.join('')}${preloads.join('')}</head>`).replace('<script defer', `${inline}${chunkScripts.join('')}<script defer`);
        return data;
      });
    });
  }

  /** The early script as one self-contained, minified (in production) script, and the files it was built from. */
  compileEarlyScript(compiler) {
    const { development, moduleRules } = this.options;
    const outDir = mkdtempSync(path.join(tmpdir(), 'shell-early-'));
    const child = compiler.webpack({
      mode: development ? 'development' : 'production',
      context: compiler.context,
      entry: this.earlyEntry,
      target: 'web',
      devtool: false,
      output: { path: outDir, filename: 'early.js', iife: true },
      resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
      module: { rules: moduleRules },
      performance: { hints: false },
    });
    return new Promise((resolve, reject) => {
      child.run((error, stats) => {
        const finish = (result, failure) => child.close(() => {
          rmSync(outDir, { recursive: true, force: true });
          if (failure) reject(failure);
          else resolve(result);
        });
        if (error || stats.hasErrors()) {
          finish(null, error ?? new Error(`${NAME}: the early script did not compile:\n${stats.toString({ all: false, errors: true })}`));
          return;
        }
        const code = readFileSync(path.join(outDir, 'early.js'), 'utf8');
        finish({ code, fileDependencies: [...stats.compilation.fileDependencies] });
      });
    });
  }
}
