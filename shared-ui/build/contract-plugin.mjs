/**
 * The build's side of the compatibility contract (shared-contract.mjs): works
 * out what this app provides and needs, publishes it in its mf-manifest.json
 * (metaData.contract, through ModuleFederationPlugin's manifest.additionalData:
 * pass `addToManifest`), and fails the build, naming each mismatch and the
 * files behind it, when the app does not fit the shell it is built for: the
 * deployed one with `deployedShell` (a URL or a build folder), otherwise the
 * shell this checkout builds. Node only.
 */
import path from 'node:path';
import { API_CLIENT_EXPORTS, CONTRACT_VERSION, contractMismatches, MISMATCH, OPTIONAL_SHARED_UI_EXPORTS, RELEASE_0_API_MEMBERS, release0RemoteNeeds } from './shared-contract.mjs';
import { readShellContract } from './read-contract.mjs';
import { findImports, requiredExports } from './tree-shaken-imports.mjs';

/**
 * A build's contract. `role`: 'shell' (provides the runtime, its tree-shaken
 * libraries and shared-ui) or 'remote'; `imports`: what its sources import
 * ({ file, library, name }); the rest as ContractPlugin takes it.
 */
export function buildContract({ role, runtimeMajor, singletons, treeShakenExports, sharedUiExports, imports }) {
  const shell = role === 'shell';
  const sharedUiImports = [...new Set(imports.filter(({ library, name }) => library === 'shared-ui' && !OPTIONAL_SHARED_UI_EXPORTS.includes(name)).map(({ name }) => name))].sort();
  return {
    version: CONTRACT_VERSION,
    // A remote uses the runtime the page provides and loads its own where there is none (own-runtime-fallback.mjs).
    federationRuntime: { major: runtimeMajor, provides: shell, external: !shell, needsProvided: false },
    singletons,
    treeShakenExports: { imports: requiredExports(imports.filter(({ library }) => library !== 'shared-ui')), ...(shell && { provides: treeShakenExports }) },
    // The shell provides shared-ui (its own imports of it are of the same build, so not part of the contract).
    sharedUiExports: shell ? { provides: sharedUiExports() } : { imports: sharedUiImports },
    // The one shared object whose members a remote may call: the API client of useApi() and createApi(), which
    // shared-ui builds from RELEASE_0_API_MEMBERS (src/api/client.ts) for release 0's remotes. A remote of this
    // release calls none (apiClientImports refuses its build), so it needs none.
    sharedUiMembers: shell ? { provides: Object.fromEntries(API_CLIENT_EXPORTS.map((name) => [name, RELEASE_0_API_MEMBERS])) } : { imports: {} },
  };
}

/** A remote's imports of the shared API client, which only release 0's remotes may use: each remote brings its own calls. */
export function apiClientImports(imports) {
  return imports.filter(({ library, name }) => library === 'shared-ui' && API_CLIENT_EXPORTS.includes(name));
}

const FIXES = {
  [MISMATCH.treeShakenExport]: 'Import named exports only, or add it to TREE_SHAKEN_EXPORTS in shared-ui/federation.mjs and deploy the shell before this app.',
  [MISMATCH.sharedUiExport]: 'Deploy a shell whose shared-ui has it before this app.',
  [MISMATCH.sharedUiMember]: "Deploy a shell whose shared-ui's API client has it before this app.",
};

export class ContractPlugin {
  /**
   * `sourceDirs`: the app's sources (and shared-ui's); `treeShakenExports`:
   * TREE_SHAKEN_EXPORTS; `sharedUiExports()`: shared-ui's export names;
   * `singletons`: library -> { version, accepts }; `runtimeMajor`: the
   * federation runtime's major version.
   */
  constructor({ role, sourceDirs, treeShakenExports, sharedUiExports, singletons, runtimeMajor, deployedShell }) {
    this.options = { role, treeShakenExports, sharedUiExports, singletons, runtimeMajor };
    this.sourceDirs = sourceDirs;
    this.deployedShell = deployedShell;
    /** This build's contract, from the last compilation. */
    this.contract = undefined;
    this.addToManifest = this.addToManifest.bind(this);
  }

  /** ModuleFederationPlugin's manifest.additionalData. A remote keeps release 0's metaData.sharedImports, which release 0's shells read. */
  addToManifest({ stats }) {
    if (!this.contract) return stats;
    stats.metaData.contract = this.contract;
    if (this.options.role === 'remote') stats.metaData.sharedImports = this.contract.treeShakenExports.imports;
    return stats;
  }

  apply(compiler) {
    let target = null;
    let shellName = 'the shell of this checkout';
    compiler.hooks.beforeCompile.tapPromise('ContractPlugin', async () => {
      if (!this.deployedShell) return;
      target = await readShellContract(this.deployedShell);
      shellName = `the deployed shell (${this.deployedShell})`;
    });
    compiler.hooks.thisCompilation.tap('ContractPlugin', (compilation) => {
      const libraries = [...Object.keys(this.options.treeShakenExports), 'shared-ui'];
      const imports = findImports(this.sourceDirs, libraries);
      this.contract = buildContract({ ...this.options, imports });
      const isShell = this.options.role === 'shell';
      const shell = target ?? (isShell ? this.contract : buildContract({ ...this.options, role: 'shell', imports: [] }));
      const mismatches = contractMismatches(this.contract, shell);
      // A shell runs the remotes of the release before its own too (release 0 while this is release 1): it must still provide what they may need.
      if (isShell && CONTRACT_VERSION === 1) for (const mismatch of contractMismatches(release0RemoteNeeds(), shell)) mismatches.push({ ...mismatch, message: `for release 0's remotes, ${mismatch.message}` });
      if (!isShell) {
        for (const { file, name } of apiClientImports(imports)) {
          const message = `${path.relative(compiler.context, file)} imports ${name} from shared-ui: its API client is kept for release 0's remotes only, and a remote depends on no member of the shell's objects. Make the calls with the remote's own code: useCustomerApi (shared-ui/customer), useStaffApi (shared-ui/staff) or useCaller.`;
          compilation.errors.push(new compiler.webpack.WebpackError(message));
        }
      }
      for (const mismatch of mismatches) {
        const files = imports.filter(({ library, name }) => library === mismatch.library && name === mismatch.name).map(({ file }) => path.relative(compiler.context, file));
        const where = files.length ? ` (imported by ${[...new Set(files)].join(', ')})` : '';
        compilation.errors.push(new compiler.webpack.WebpackError(`This build does not fit ${shellName}: ${mismatch.message}${where}. ${FIXES[mismatch.kind] ?? ''}`.trim()));
      }
    });
  }
}
