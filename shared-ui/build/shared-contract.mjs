/**
 * The shared-library contract between a shell and the remotes deployed apart
 * from it, in code both a build (Node) and the shell (browser) run.
 */

/** The file a shell's build publishes beside its index.html: library -> the exports its tree-shaken build provides. */
export const SHARED_EXPORTS_FILE = 'shared-exports.json';
/** A remote's Module Federation manifest, the file remotes.json points at. */
export const MANIFEST_FILE = 'mf-manifest.json';

/**
 * What a remote's build imports from the shell's tree-shaken libraries
 * (library -> export names), published in its manifest under
 * metaData.sharedImports: the shell reads the manifest anyway, so the check
 * costs no request of its own. A manifest without it (a build from before the
 * contract) needs nothing the check knows about.
 */
export function sharedImportsOf(manifest) {
  return manifest?.metaData?.sharedImports ?? {};
}

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
