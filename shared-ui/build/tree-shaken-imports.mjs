/**
 * The shell provides tree-shaken builds of some shared libraries
 * (TREE_SHAKEN_EXPORTS in federation.mjs). An app that imports an export
 * missing from that list would receive a library without it at run time and
 * fail while rendering, so every production build checks its own sources and
 * shared-ui's against the list, and fails with the fix spelled out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

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
 * Every import of a tree-shaken library, in the given source folders, that the
 * list does not cover: `{ file, library, name }`, where `name` is `*` for an
 * import of the whole module.
 */
export function findUnlistedImports(sourceDirs, treeShakenExports) {
  const problems = [];
  for (const file of sourceDirs.flatMap(sourceFiles)) {
    const text = readFileSync(file, 'utf8');
    for (const [, , typeOnly, clause, library] of text.matchAll(STATIC_IMPORT)) {
      const listed = treeShakenExports[library];
      if (!listed || typeOnly) continue;
      const names = importedNames(clause);
      if (names === null) problems.push({ file, library, name: '*' });
      else for (const name of names) if (!listed.includes(name)) problems.push({ file, library, name });
    }
    for (const [, library] of text.matchAll(DYNAMIC_IMPORT)) {
      if (treeShakenExports[library]) problems.push({ file, library, name: '*' });
    }
  }
  return problems;
}

/** Fails a production build whose sources import an export the shell's tree-shaken libraries leave out. */
export class TreeShakenImportsCheck {
  constructor({ sourceDirs, treeShakenExports }) {
    this.sourceDirs = sourceDirs;
    this.treeShakenExports = treeShakenExports;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('TreeShakenImportsCheck', (compilation) => {
      for (const { file, library, name } of findUnlistedImports(this.sourceDirs, this.treeShakenExports)) {
        const what = name === '*' ? `imports all of ${library}` : `imports ${name} from ${library}`;
        const error = new compiler.webpack.WebpackError(
          `${path.relative(compiler.context, file)} ${what}, which the shell's shared build leaves out. ` +
            `Import named exports only, add them to TREE_SHAKEN_EXPORTS in shared-ui/federation.mjs, and deploy the shell before this app.`,
        );
        compilation.errors.push(error);
      }
    });
  }
}
