/**
 * Finds what an app's sources import from given libraries (the tree-shaken
 * shared libraries of TREE_SHAKEN_EXPORTS in federation.mjs, and shared-ui),
 * for the app's compatibility contract (contract-plugin.mjs), and writes
 * release 0's shared-exports.json. Node only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SHARED_EXPORTS_FILE } from './shared-contract.mjs';

const SOURCE_FILE = /\.(ts|tsx|js|jsx|mjs)$/;
const TEST_FILE = /\.test\.|[\\/]testing[\\/]/;
// A server module (`*.server.tsx`, build/server-render.mjs) runs in Node with its own copy of every library, never the shell's.
const SERVER_FILE = /\.server\.[jt]sx?$/;
// `import … from 'x'` and `export { … } from 'x'`, across lines; `import type` is skipped by the caller.
const STATIC_IMPORT = /\b(import|export)\s+(type\s+)?([\w*{}\s,$]*?)\s*from\s*['"]([^'"]+)['"]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') files.push(...sourceFiles(full));
    } else if (SOURCE_FILE.test(entry.name) && !TEST_FILE.test(full) && !SERVER_FILE.test(entry.name)) {
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

function emitJson(compiler, compilation, file, value) {
  const { RawSource } = compiler.webpack.sources;
  compilation.hooks.processAssets.tap({ name: 'SharedContract', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
    compilation.emitAsset(file, new RawSource(`${JSON.stringify(value, null, 2)}\n`));
  });
}

/** Publishes the exports the shell provides as shared-exports.json, as release 0's shells did, for release 0's tools. */
export class SharedExportsFile {
  constructor(treeShakenExports) {
    this.treeShakenExports = treeShakenExports;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('SharedExportsFile', (compilation) => emitJson(compiler, compilation, SHARED_EXPORTS_FILE, this.treeShakenExports));
  }
}
