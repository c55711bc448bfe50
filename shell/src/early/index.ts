/**
 * The page's first script, inlined into index.html at build time
 * (shell/build/first-render-html.mjs) so it runs as soon as the page is parsed,
 * before any script has downloaded: it starts what the first page needs from
 * other origins (the active remote's files, the page's API reads, the hero
 * image), in parallel with the shell's own scripts, which index.html preloads.
 * The shell's entry takes the responses (responses.ts). It is a separate bundle
 * without the federation runtime; anything it imports is bundled into the page.
 */
import { preloadFirstPageData } from './first-page-data';
import { preloadActiveRemote } from './preload-remote';
import { runtimeConfigEarly } from './responses';

const remotesConfig = runtimeConfigEarly('/remotes.json');
const appConfig = runtimeConfigEarly('/app-config.json');
void preloadActiveRemote(window.location.pathname, remotesConfig);
void preloadFirstPageData(window.location.pathname, appConfig);
