/**
 * The names a TypeScript module exports at run time, read from its source
 * (types and interfaces left out), following `export * from` into the files
 * it names: what shared-ui's entry provides to the remotes, for the shell's
 * contract. Build-time (Node) only.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const DECLARATION = /^export\s+(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|enum)\s+([\w$]+)/gm;
const NAMED = /^export\s+(?!type\s)\{([^}]*)\}/gm;
const STAR = /^export\s+\*\s+from\s+['"]([^'"]+)['"]/gm;

function resolveSource(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  const file = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ending) => base + ending).find((candidate) => statSync(candidate, { throwIfNoEntry: false })?.isFile());
  if (!file) throw new Error(`${from}: cannot find the module ${specifier}`);
  return file;
}

/** Sorted run-time export names of `file`, its `export *` targets included (their default exports are not re-exported). */
export function moduleExportNames(file, seen = new Set()) {
  if (seen.has(file)) return [];
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  const names = new Set();
  for (const [, name] of text.matchAll(DECLARATION)) names.add(name);
  for (const [, list] of text.matchAll(NAMED)) {
    for (const part of list.split(',').map((entry) => entry.trim())) {
      if (!part || part.startsWith('type ')) continue;
      names.add(part.split(/\s+as\s+/).pop().trim());
    }
  }
  for (const [, specifier] of text.matchAll(STAR)) {
    for (const name of moduleExportNames(resolveSource(file, specifier), seen)) if (name !== 'default') names.add(name);
  }
  names.delete('default');
  return [...names].sort();
}
