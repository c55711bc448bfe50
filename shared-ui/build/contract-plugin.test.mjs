import { execFile } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { rspack } from '@rspack/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractPlugin } from './contract-plugin.mjs';
import { moduleExportNames } from './module-exports.mjs';
import { MANIFEST_FILE, SHARED_EXPORTS_FILE } from './shared-contract.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs the deploy check (asynchronously: the "deployed shells" answer from this process). */
function checkRemote(...args) {
  return promisify(execFile)(process.execPath, [path.join(repo, 'scripts/check-remote.mjs'), ...args]).then(
    ({ stdout }) => ({ status: 0, stdout, stderr: '' }),
    (error) => ({ status: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

const CHECKOUT_LIST = { 'react-router-dom': ['Link', 'useMatch'] };
const options = (role, sourceDirs, extra = {}) => ({
  role,
  sourceDirs,
  treeShakenExports: CHECKOUT_LIST,
  sharedUiExports: () => ['Button', 'PageTitle'],
  singletons: { react: { version: '19.3.1', accepts: '^19.3.1' } },
  runtimeMajor: 2,
  ...extra,
});

/** "Deployed shells" on one server: /current publishes a contract without useMatch, /release-0 only shared-exports.json, /older nothing. */
let server;
let origin;
beforeAll(async () => {
  const contract = {
    version: 1,
    federationRuntime: { major: 2, provides: true, external: false, needsProvided: false },
    singletons: { react: { version: '19.3.1' } },
    treeShakenExports: { provides: { 'react-router-dom': ['Link'] } },
    sharedUiExports: { provides: ['Button', 'PageTitle'] },
  };
  const files = {
    [`/current/${MANIFEST_FILE}`]: { metaData: { contract } },
    [`/release-0/${SHARED_EXPORTS_FILE}`]: { 'react-router-dom': ['Link', 'useMatch'] },
    // Release 0's admin remote: it publishes only sharedImports, and calls isAdmin and the other staff calls on useApi()'s client.
    [`/release-0-admin/${MANIFEST_FILE}`]: { metaData: { sharedImports: { 'react-router-dom': ['Link'] } }, shared: [] },
  };
  server = http.createServer((request, response) => {
    const body = files[request.url];
    if (body) response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    else response.writeHead(404).end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** Builds a one-file app with the plugin, the libraries left external. */
function build(source, plugin) {
  const dir = mkdtempSync(path.join(tmpdir(), 'contract-plugin-'));
  mkdirSync(path.join(dir, 'src'));
  writeFileSync(path.join(dir, 'src/index.js'), source);
  const compiler = rspack({
    mode: 'production',
    context: dir,
    entry: './src/index.js',
    externals: { 'react-router-dom': 'commonjs react-router-dom', 'shared-ui': 'commonjs shared-ui' },
    output: { path: path.join(dir, 'dist') },
    plugins: [plugin(path.join(dir, 'src'))],
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => {});
      if (error) reject(error);
      else resolve({ dir, errors: stats.toJson({ all: false, errors: true }).errors.map((e) => e.message) });
    }),
  );
}

const SOURCE = "import { Link, useMatch } from 'react-router-dom';\nimport { Button } from 'shared-ui';\nconsole.log(Link, useMatch, Button);";

describe("a build's contract", () => {
  it("a remote's build fails against the deployed shell, naming the mismatch and the file, although its checkout's shell has it", async () => {
    const { errors } = await build(SOURCE, (src) => new ContractPlugin(options('remote', [src], { deployedShell: `${origin}/current` })));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`does not fit the deployed shell (${origin}/current): tree-shaken react-router-dom: useMatch is not in the shell's build (imported by src/index.js)`);
  });

  it('a remote that fits builds and publishes its contract, which the deploy check compares with each deployed shell', async () => {
    let plugin;
    const { dir, errors } = await build(SOURCE, (src) => (plugin = new ContractPlugin(options('remote', [src]))));
    expect(errors).toEqual([]);
    // What ModuleFederationPlugin's manifest.additionalData hook gets, written as the plugin writes it.
    const manifest = plugin.addToManifest({ stats: { name: 'remote', metaData: { name: 'remote' } } });
    expect(manifest.metaData.contract).toMatchObject({
      version: 1,
      federationRuntime: { major: 2, external: true, needsProvided: false },
      treeShakenExports: { imports: { 'react-router-dom': ['Link', 'useMatch'] } },
      sharedUiExports: { imports: ['Button'] },
    });
    // Release 0's shells read this.
    expect(manifest.metaData.sharedImports).toEqual({ 'react-router-dom': ['Link', 'useMatch'] });
    writeFileSync(path.join(dir, 'dist', MANIFEST_FILE), JSON.stringify(manifest));

    const against = await checkRemote(path.join(dir, 'dist'), `${origin}/current`);
    expect(against.status).toBe(1);
    expect(against.stderr).toContain("tree-shaken-export: tree-shaken react-router-dom: useMatch is not in the shell's build");

    const release0 = await checkRemote(path.join(dir, 'dist'), `${origin}/release-0`);
    expect(release0.stderr).toBe('');
    expect(release0.status).toBe(0);

    // A shell from before release 0 (the one of f1cbe12): no stack trace, a refusal that says why.
    const older = await checkRemote(path.join(dir, 'dist'), `${origin}/older`);
    expect(older.status).toBe(1);
    expect(older.stderr).toContain('contract-absent: the shell publishes no contract: it was built before release 0, outside the support window');
  });

  it("the shell publishes what it provides, and fails its own build when it drops a shared-ui export release 0's remotes may import", async () => {
    let plugin;
    const { errors } = await build(SOURCE, (src) => (plugin = new ContractPlugin(options('shell', [src]))));
    expect(plugin.addToManifest({ stats: { metaData: {} } }).metaData.contract).toMatchObject({
      federationRuntime: { provides: true },
      treeShakenExports: { provides: CHECKOUT_LIST },
      sharedUiExports: { provides: ['Button', 'PageTitle'] },
    });
    expect(errors.some((error) => error.includes("for release 0's remotes, shared-ui: notify is not in the shell's shared-ui"))).toBe(true);
  });

  it("a remote's optional import of the page's createCaller (it brings its own for shells without) is not among its needs", async () => {
    let plugin;
    const { errors } = await build("import { Button, createCaller } from 'shared-ui';\nconsole.log(Button, createCaller);", (src) => (plugin = new ContractPlugin(options('remote', [src]))));
    expect(errors).toEqual([]);
    expect(plugin.contract.sharedUiExports).toEqual({ imports: ['Button'] });
  });

  it("a remote that imports the shell's API client (useApi) fails its build, naming the file: it brings its own calls", async () => {
    const { errors } = await build("import { useApi } from 'shared-ui';\nconsole.log(useApi);", (src) => new ContractPlugin(options('remote', [src])));
    expect(errors.filter((error) => error.includes("src/index.js imports useApi from shared-ui: its API client is kept for release 0's remotes only"))).toHaveLength(1);
  });

  it("the deploy check refuses release 0's admin remote under a shell whose API client has no staff calls, naming each missing member", async () => {
    const refused = await checkRemote(`${origin}/release-0-admin/`, `${origin}/current`);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("shared-ui-member: shared-ui: useApi()'s answer has no isAdmin in the shell's shared-ui");
    expect(refused.stderr).toContain("shared-ui-member: shared-ui: useApi()'s answer has no outbox in the shell's shared-ui");
  });
});

describe("shared-ui's exports, read from its source", () => {
  it('are the names its entry exports at run time', async () => {
    const entry = path.join(repo, 'shared-ui/src/index.ts');
    const runtime = Object.keys(await import(entry)).sort();
    expect(moduleExportNames(entry)).toEqual(runtime);
  });
});
