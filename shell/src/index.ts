// The page's inline script (early/index.ts) has already started the first page's requests;
// the shell takes their responses (early/responses.ts).
// An async boundary: the shared singletons are negotiated before any of them runs.
import('./bootstrap');
