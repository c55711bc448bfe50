import { execFile } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { rspack } from '@rspack/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST_FILE, missingExports, SHARED_EXPORTS_FILE, sharedImportsOf } from './shared-contract.mjs';
import { SharedExportsFile, TreeShakenImportsCheck } from './tree-shaken-imports.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Runs the deploy check (asynchronously: the "deployed shell" answers from this process). */
function checkRemote(...args) {
  return promisify(execFile)(process.execPath, [path.join(repo, 'scripts/check-remote.mjs'), ...args]).then(
    ({ stdout }) => ({ status: 0, stdout, stderr: '' }),
    (error) => ({ status: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

const CHECKOUT_LIST = { 'react-router-dom': ['Link', 'useMatch'] };

/** A "deployed shell": serves a shared-exports.json that lacks useMatch. */
let shell;
let shellUrl;
beforeAll(async () => {
  shell = http.createServer((request, response) => {
    if (request.url === `/${SHARED_EXPORTS_FILE}`) response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ 'react-router-dom': ['Link'] }));
    else response.writeHead(404).end();
  });
  await new Promise((resolve) => shell.listen(0, '127.0.0.1', resolve));
  shellUrl = `http://127.0.0.1:${shell.address().port}`;
});
afterAll(() => new Promise((resolve) => shell.close(resolve)));

/** Builds a one-file app with the check, the libraries left external. */
function build(source, plugins) {
  const dir = mkdtempSync(path.join(tmpdir(), 'shared-contract-'));
  mkdirSync(path.join(dir, 'src'));
  writeFileSync(path.join(dir, 'src/index.js'), source);
  const compiler = rspack({
    mode: 'production',
    context: dir,
    entry: './src/index.js',
    externals: { 'react-router-dom': 'commonjs react-router-dom' },
    output: { path: path.join(dir, 'dist') },
    plugins: plugins(path.join(dir, 'src')),
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => {});
      if (error) reject(error);
      else resolve({ dir, errors: stats.toJson({ all: false, errors: true }).errors.map((e) => e.message) });
    }),
  );
}

describe('the shared-library contract between a shell and a remote deployed apart', () => {
  it('the shell publishes what it provides as shared-exports.json', async () => {
    const { dir, errors } = await build("export const x = 1;", () => [new SharedExportsFile(CHECKOUT_LIST)]);
    expect(errors).toEqual([]);
    expect(JSON.parse(readFileSync(path.join(dir, 'dist/shared-exports.json'), 'utf8'))).toEqual(CHECKOUT_LIST);
  });

  it("a remote's build fails against the deployed shell, naming the export, although its own checkout's list has it", async () => {
    const source = "import { Link, useMatch } from 'react-router-dom';\nconsole.log(Link, useMatch);";
    const { errors } = await build(source, (src) => [new TreeShakenImportsCheck({ sourceDirs: [src], treeShakenExports: CHECKOUT_LIST, deployedShell: shellUrl })]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`src/index.js imports useMatch from react-router-dom, which the deployed shell (${shellUrl}) does not provide`);
  });

  it('a remote that fits builds, publishes what it needs, and the deploy check compares it with the deployed shell', async () => {
    const source = "import { Link } from 'react-router-dom';\nimport { useMatch as match } from 'react-router-dom';\nconsole.log(Link, match);";
    // Against this checkout's list it builds; the deployed shell then lacks useMatch, which the deploy check names.
    let importsCheck;
    const { dir, errors } = await build(source, (src) => [(importsCheck = new TreeShakenImportsCheck({ sourceDirs: [src], treeShakenExports: CHECKOUT_LIST }))]);
    expect(errors).toEqual([]);
    // What ModuleFederationPlugin's manifest.additionalData hook gets from the check, written as the plugin writes it.
    const manifest = importsCheck.addToManifest({ stats: { name: 'remote', metaData: { name: 'remote' } } });
    expect(manifest.metaData.sharedImports).toEqual({ 'react-router-dom': ['Link', 'useMatch'] });
    writeFileSync(path.join(dir, 'dist', MANIFEST_FILE), JSON.stringify(manifest));

    const check = await checkRemote(path.join(dir, 'dist'), shellUrl);
    expect(check.status).toBe(1);
    expect(check.stderr).toContain('react-router-dom: useMatch');

    writeFileSync(path.join(dir, 'full-shell.json'), JSON.stringify(CHECKOUT_LIST));
    const fits = await checkRemote(path.join(dir, 'dist'), path.join(dir, 'full-shell.json'));
    expect(fits.status).toBe(0);
  });

  it("reads a remote's needs from its manifest; a manifest from before the contract needs nothing", () => {
    expect(sharedImportsOf({ metaData: { sharedImports: { 'react-router-dom': ['Link'] } } })).toEqual({ 'react-router-dom': ['Link'] });
    expect(sharedImportsOf({ metaData: {} })).toEqual({});
    expect(sharedImportsOf(null)).toEqual({});
  });

  it('lists missing exports and whole-module imports; libraries the shell does not tree-shake are provided whole', () => {
    const provided = { 'react-router-dom': ['Link'], '@tanstack/react-query': ['useQuery'] };
    expect(missingExports({ 'react-router-dom': ['Link', 'NavLink'], '@tanstack/react-query': ['*'], zustand: ['create'] }, provided)).toEqual([
      'react-router-dom: NavLink',
      '@tanstack/react-query: the whole module',
    ]);
  });
});
