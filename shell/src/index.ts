import { preloadActiveRemote } from './federation/preload';

// The active page's remote downloads beside the shell's own code (federation/preload.ts).
void preloadActiveRemote(window.location.pathname);
// An async boundary: the shared singletons are negotiated before any of them runs.
import('./bootstrap');
