// An async boundary: the shared singletons are negotiated before any of them runs.
import('./standalone');
