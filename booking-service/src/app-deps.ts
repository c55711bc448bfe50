import type { Config } from './config/config.ts';
import type { Catalog } from './catalog/types.ts';
import type { Auth } from './http/auth.ts';
import type { ReadCache } from './http/read-cache.ts';
import type { Store } from './repositories/types.ts';

/** What every route plugin is given: configuration, the store, the catalogue, auth, the clock. */
export interface AppDeps {
  config: Config;
  store: Store;
  catalog: Catalog;
  auth: Auth;
  cache: ReadCache;
  now: () => Date;
}
