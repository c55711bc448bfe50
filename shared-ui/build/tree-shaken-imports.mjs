/**
 * The shell provides tree-shaken builds of some shared libraries
 * (TREE_SHAKEN_EXPORTS in federation.mjs) and publishes that list beside its
 * build (shared-exports.json). A remote that imports an export the deployed
 * shell leaves out would receive a library without it, so the check is a
 * contract between builds deployed apart:
 * - the shell's build publishes what it provides (SharedExportsFile);
 * - each remote's build publishes what it needs (in its mf-manifest.json) and fails,
 *   naming the export, when the shell it is built for does not provide it
 *   (TreeShakenImportsCheck; the deployed shell when DEPLOYED_SHELL_URL is set);
 * - a deploy runs the same comparison (scripts/check-remote.mjs), and the shell
 *   runs it again before rendering a remote, so the page never breaks for it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SHARED_EXPORTS_FILE } from './shared-contract.mjs';

const SOURCE_FILE = /\.(ts|tsx|js|jsx|mjs)$/;
const TEST_FILE = /\.test\.|[\\/]testing[\\/]/;
// `import … from 'x'` and `export { … } from 'x'`, across lines; `import type` is skipped by the caller.
const STATIC_IMPORT = /\b(import|export)\s+(type\s+)?([\w*{}\s,$]*?)\s*from\s*['"]([^'"]+)['"]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') files.push(...sourceFiles(full));
    } else if (SOURCE_FILE.test(entry.name) && !TEST_FILE.test(full)) {
      files.push(full);
    }
  }
  return files;
}

/** The names a static import or re-export clause takes; `null` when it takes the whole module. */
function importedNames(clause) {
  const named = /\{([^}]*)\}/.exec(clause);
  const outside = clause.replace(/\{[^}]*\}/, '').replace(/,/g, ' ').trim();
  if (outside) return null; // a default or namespace import
  return (named?.[1] ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith('type '))
    .map((part) => part.split(/\s+as\s+/)[0].trim());
}

/**
 * Every import of a tree-shaken library in the given source folders:
 * `{ file, library, name }`, where `name` is `*` for an import of the whole module.
 */
export function findImports(sourceDirs, libraries) {
  const found = [];
  for (const file of sourceDirs.flatMap(sourceFiles)) {
    const text = readFileSync(file, 'utf8');
    for (const [, , typeOnly, clause, library] of text.matchAll(STATIC_IMPORT)) {
      if (!libraries.includes(library) || typeOnly) continue;
      const names = importedNames(clause);
      for (const name of names ?? ['*']) found.push({ file, library, name });
    }
    for (const [, library] of text.matchAll(DYNAMIC_IMPORT)) {
      if (libraries.includes(library)) found.push({ file, library, name: '*' });
    }
  }
  return found;
}

/** The imports `findImports` finds that the list does not cover. */
export function findUnlistedImports(sourceDirs, treeShakenExports) {
  return findImports(sourceDirs, Object.keys(treeShakenExports)).filter(({ library, name }) => !treeShakenExports[library].includes(name));
}

/** What an app needs of each tree-shaken library: library -> sorted export names (`*` for all of it). */
export function requiredExports(imports) {
  const required = {};
  for (const { library, name } of imports) (required[library] ??= new Set()).add(name);
  return Object.fromEntries(Object.entries(required).map(([library, names]) => [library, [...names].sort()]));
}

/** Reads a shell's published exports from its URL (the deployed shell) or from a file. */
export async function readShellExports(shell) {
  if (/^https?:\/\//.test(shell)) {
    const url = new URL(SHARED_EXPORTS_FILE, shell.endsWith('/') ? shell : `${shell}/`);
    const response = await fetch(url, { cache: 'no-store' });
    if (!response.ok) throw new Error(`Could not read the shell's shared exports at ${url} (${response.status})`);
    return response.json();
  }
  return JSON.parse(readFileSync(shell, 'utf8'));
}

function emitJson(compiler, compilation, file, value) {
  const { RawSource } = compiler.webpack.sources;
  compilation.hooks.processAssets.tap({ name: 'SharedContract', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
    compilation.emitAsset(file, new RawSource(`${JSON.stringify(value, null, 2)}\n`));
  });
}

/** The shell's side of the contract: publishes the exports it provides as shared-exports.json. */
export class SharedExportsFile {
  constructor(treeShakenExports) {
    this.treeShakenExports = treeShakenExports;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('SharedExportsFile', (compilation) => emitJson(compiler, compilation, SHARED_EXPORTS_FILE, this.treeShakenExports));
  }
}

/**
 * Fails a production build whose sources import an export the shell leaves
 * out, naming the file and the export. The shell is the deployed one when
 * `deployedShell` (a URL, or a shared-exports.json file) is given, otherwise
 * this checkout's list. The app's needs are kept for its Module Federation
 * manifest (`addToManifest`, the plugin's manifest.additionalData hook), where
 * the deploy check and the shell's run-time check read them.
 */
export class TreeShakenImportsCheck {
  constructor({ sourceDirs, treeShakenExports, deployedShell }) {
    this.sourceDirs = sourceDirs;
    this.treeShakenExports = treeShakenExports;
    this.deployedShell = deployedShell;
    /** library -> the exports the app imports, from the last compilation. */
    this.sharedImports = undefined;
    this.addToManifest = this.addToManifest.bind(this);
  }

  /** ModuleFederationPlugin's manifest.additionalData: the app's needs go into metaData.sharedImports. */
  addToManifest({ stats }) {
    if (this.sharedImports) stats.metaData.sharedImports = this.sharedImports;
    return stats;
  }

  apply(compiler) {
    let provided = this.treeShakenExports;
    let shellName = 'the shell of this checkout';
    compiler.hooks.beforeCompile.tapPromise('TreeShakenImportsCheck', async () => {
      if (!this.deployedShell) return;
      provided = await readShellExports(this.deployedShell);
      shellName = `the deployed shell (${this.deployedShell})`;
    });
    compiler.hooks.thisCompilation.tap('TreeShakenImportsCheck', (compilation) => {
      const libraries = [...new Set([...Object.keys(this.treeShakenExports), ...Object.keys(provided)])];
      const imports = findImports(this.sourceDirs, libraries);
      for (const { file, library, name } of imports) {
        if (!provided[library] || provided[library].includes(name)) continue;
        const what = name === '*' ? `imports all of ${library}` : `imports ${name} from ${library}`;
        const error = new compiler.webpack.WebpackError(
          `${path.relative(compiler.context, file)} ${what}, which ${shellName} does not provide (its shared build is tree-shaken). ` +
            `Import named exports only, or add it to TREE_SHAKEN_EXPORTS in shared-ui/federation.mjs and deploy the shell before this app.`,
        );
        compilation.errors.push(error);
      }
      this.sharedImports = requiredExports(imports);
    });
  }
}
