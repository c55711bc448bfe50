import { runtimeConfigEarly } from './early-responses';
import { preloadActiveRemote } from './federation/preload';
import { preloadFirstPageData } from './first-page-data';

// Before the shell's own chunks and the shared libraries arrive: the run-time config (inline in the page),
// the active page's remote (federation/preload.ts) and its first API reads (first-page-data.ts).
const remotesConfig = runtimeConfigEarly('/remotes.json');
const appConfig = runtimeConfigEarly('/app-config.json');
void preloadActiveRemote(window.location.pathname, remotesConfig);
void preloadFirstPageData(window.location.pathname, appConfig);
// An async boundary: the shared singletons are negotiated before any of them runs.
import('./bootstrap');
