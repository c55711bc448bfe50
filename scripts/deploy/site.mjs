/**
 * The live site the deploy command changes: one folder, served as the shell's
 * origin (`node scripts/static-server.mjs <site> <port>`, or a CDN synced
 * from it).
 *
 *   <site>/index.html, static/, mf-manifest.json, …   the live shell's build
 *   <site>/remotes.json, app-config.json              the site's run-time config (inline in index.html too)
 *   <site>/deploy-history.json                        every deploy, rollback and refusal (history.mjs)
 *   <site>/releases/<app>/<release id>/               every build deployed from a folder, kept for rollbacks
 *
 * Files are replaced by renaming a finished temporary file over them, so a
 * reader sees the old file or the new one, never half of one.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { HEADERS_FILE, headersFileFor, INDEX_HTML_TWINS, inlinedShellPage } from '../inline-runtime-config.mjs';
import { MANIFEST_FILE } from '../../shared-ui/build/shared-contract.mjs';

export const RELEASES_DIR = 'releases';
const REMOTES_FILE = 'remotes.json';
const APP_CONFIG_FILE = 'app-config.json';
export const HISTORY_FILE = 'deploy-history.json';
/** What belongs to the site rather than to the shell build that is live: a shell deploy keeps them. */
const SITE_OWNED = new Set([REMOTES_FILE, APP_CONFIG_FILE, HISTORY_FILE, RELEASES_DIR, HEADERS_FILE]);

const isUrl = (location) => /^https?:\/\//.test(location);

/** Writes each `[file, text]` whole: every temporary file first, each beside its file, then the renames. */
export function writeWhole(files) {
  const temporaries = files.map(([file, text]) => {
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, text);
    return temporary;
  });
  files.forEach(([file], index) => renameSync(temporaries[index], file));
}

/** The manifest URLs remotes.json names now (empty before the first remote is deployed). */
export function liveRemotes(site) {
  const file = path.join(site, REMOTES_FILE);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

/**
 * Refuses a folder this command did not make: a shell deploy replaces the
 * site's files, so a mistyped --site must not be emptied. A site is a folder
 * that does not exist yet, holds only the site's own config, or has a history.
 */
export function assertSite(site) {
  if (!existsSync(site) || existsSync(path.join(site, HISTORY_FILE))) return;
  const foreign = readdirSync(site).filter((entry) => !SITE_OWNED.has(entry));
  if (foreign.length) throw new Error(`${site} is not a site this command made (it has ${foreign.slice(0, 3).join(', ')}${foreign.length > 3 ? ', …' : ''} and no ${HISTORY_FILE}): name an empty folder or a deployed site with --site`);
}

/** Whether a shell is live in `site` (its page is there). */
export function hasShell(site) {
  return existsSync(path.join(site, 'index.html'));
}

/**
 * Where the deploy check reads a remote that remotes.json names by `manifestUrl`:
 * its folder in the site for a site path (/releases/…), else the URL's folder.
 */
export function remoteLocation(site, manifestUrl) {
  if (isUrl(manifestUrl)) return new URL('.', manifestUrl).href;
  return path.join(site, path.dirname(decodeURIComponent(new URL(manifestUrl, 'http://site').pathname)));
}

/** A JSON file of a build (folder or URL), or null when it has none. */
async function readBuildFile(location, name) {
  if (!isUrl(location)) {
    const file = path.join(location, name);
    return existsSync(file) ? readFileSync(file, 'utf8') : null;
  }
  const url = new URL(name, location.endsWith('/') ? location : `${location}/`);
  const response = await fetch(url, { cache: 'no-store' }).catch((error) => {
    throw new Error(`could not read ${url}: ${error.cause?.message ?? error.message}`);
  });
  return response.ok ? response.text() : null;
}

/**
 * What identifies a build: its version.json (version, build time) and an id
 * unique to its files, `<version>-<8 hex digits of its manifest or page>`.
 */
export async function describeBuild(app, source) {
  const location = isUrl(source) ? source.replace(/mf-manifest\.json$/, '') : path.resolve(source);
  const versionFile = await readBuildFile(location, 'version.json');
  const identifying = (await readBuildFile(location, MANIFEST_FILE)) ?? (await readBuildFile(location, 'index.html'));
  if (identifying === null) throw new Error(`${source} has neither ${MANIFEST_FILE} nor index.html: is it a build of ${app}?`);
  const { version = 'unknown', builtAt = null } = versionFile ? JSON.parse(versionFile) : {};
  const digest = createHash('sha256').update(identifying).digest('hex').slice(0, 8);
  return { app, id: `${version}-${digest}`, version, builtAt, source: location };
}

/** The folder a release deployed from a folder is kept in, inside the site. */
export function releaseFolder(site, release) {
  return path.join(site, RELEASES_DIR, release.app, release.id);
}

/** Copies a build deployed from a folder into the site (once: a release's files never change). */
export function keepRelease(site, release) {
  const folder = releaseFolder(site, release);
  if (!existsSync(folder)) cpSync(release.source, folder, { recursive: true });
  return folder;
}

/** What remotes.json names for a remote release: its manifest in the site, or at its URL. */
export function manifestUrlOf(release) {
  if (isUrl(release.source)) return new URL(MANIFEST_FILE, release.source.endsWith('/') ? release.source : `${release.source}/`).href;
  return `/${RELEASES_DIR}/${release.app}/${release.id}/${MANIFEST_FILE}`;
}

/**
 * Points remotes.json at `remotes` and inlines it, with the site's
 * app-config.json and the first-page tables those remotes publish, into the
 * shell's page (the live one, or `pageFrom`'s, a shell being installed): both
 * written whole, then renamed one after the other.
 */
export async function writeRemotes(site, remotes, pageFrom = site) {
  const remotesJson = `${JSON.stringify(remotes, null, 2)}\n`;
  const appConfigJson = readFileSync(path.join(site, APP_CONFIG_FILE), 'utf8');
  const page = await inlinedShellPage(pageFrom, { '/remotes.json': remotesJson, '/app-config.json': appConfigJson }, site);
  writeWhole([
    [path.join(site, 'index.html'), page],
    [path.join(site, REMOTES_FILE), remotesJson],
    [path.join(site, HEADERS_FILE), headersFileFor(page, remotesJson, appConfigJson)],
  ]);
  for (const twin of INDEX_HTML_TWINS) rmSync(path.join(site, twin), { force: true });
}

/**
 * Makes the shell kept in `folder` the live one: its files over the site's
 * (static/ keeps older hashed files for pages still open), the previous
 * shell's other files removed (so the site publishes this shell's contract
 * only), then its page, with the site's run-time config inlined, last. A
 * site's first shell brings its default app-config.json; remotes.json starts
 * empty until the remotes are deployed.
 */
export async function installShell(site, folder) {
  mkdirSync(site, { recursive: true });
  const built = new Set(readdirSync(folder));
  for (const entry of built) {
    if (entry === 'index.html' || entry === REMOTES_FILE || INDEX_HTML_TWINS.includes(entry)) continue;
    if (entry === APP_CONFIG_FILE && existsSync(path.join(site, APP_CONFIG_FILE))) continue;
    cpSync(path.join(folder, entry), path.join(site, entry), { recursive: true });
  }
  for (const entry of readdirSync(site)) {
    if (!built.has(entry) && !SITE_OWNED.has(entry) && entry !== 'static') rmSync(path.join(site, entry), { recursive: true, force: true });
  }
  await writeRemotes(site, liveRemotes(site), folder);
}
