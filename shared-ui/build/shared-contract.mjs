/**
 * The shared-library contract between a shell and the remotes deployed apart
 * from it, in code both a build (Node) and the shell (browser) run.
 */

/** The file a shell's build publishes beside its index.html: library -> the exports its tree-shaken build provides. */
export const SHARED_EXPORTS_FILE = 'shared-exports.json';
/** The file a remote's build publishes beside its mf-manifest.json: library -> the exports it imports. */
export const SHARED_IMPORTS_FILE = 'shared-imports.json';

/**
 * The exports `required` needs that `provided` leaves out, as `library: name`
 * strings (`*` means the whole module). A library the shell does not
 * tree-shake is provided whole.
 */
export function missingExports(required, provided) {
  const missing = [];
  for (const [library, names] of Object.entries(required)) {
    const available = provided[library];
    if (!available) continue;
    for (const name of names) if (!available.includes(name)) missing.push(`${library}: ${name === '*' ? 'the whole module' : name}`);
  }
  return missing;
}
