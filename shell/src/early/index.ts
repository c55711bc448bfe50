/**
 * The page's first script, inlined into index.html at build time
 * (shell/build/first-render-html.mjs) so it runs as soon as the page is parsed,
 * before any script has downloaded: it starts what the first page needs from
 * other origins (the active remote's files, the page's API reads, its largest
 * image), in parallel with the shell's own scripts, which index.html preloads.
 * The shell's entry takes the responses (responses.ts). It is a separate bundle
 * without the federation runtime; anything it imports is bundled into the page.
 */
import { remoteForPath } from '../federation/path-spaces';
import { releaseFor } from '../federation/canary';
import { firstPageOf, preloadFirstPageData, publishedFirstPages } from './first-page-data';
import { preloadActiveRemote } from './preload-remote';
import { runtimeConfigEarly } from './responses';

const { pathname } = window.location;
// This browser's release of the remote serving the page: the canary's when it is in the canary's share (the registry chooses the same).
const activeManifest = runtimeConfigEarly('/remotes.json').then((remotes) => releaseFor(remotes, remoteForPath(pathname)).manifest);
// The page as that release's own first-page table describes it.
const firstPage = activeManifest.then((manifestUrl) => firstPageOf(publishedFirstPages(manifestUrl), pathname));
// Its failure is reported by whichever of the two below reads it; the other may never get that far.
firstPage.catch(() => {});
const appConfig = runtimeConfigEarly('/app-config.json');
void preloadActiveRemote(activeManifest, firstPage);
void preloadFirstPageData(firstPage, appConfig);
