import type { Config } from './config/config.ts';
import type { Catalog } from './catalog/types.ts';
import type { Auth } from './http/auth.ts';
import type { KnownIds } from './http/known-ids.ts';
import type { ReadCache } from './http/read-cache.ts';
import type { Mailer } from './email/mailer.ts';
import type { LocalCheckoutProvider } from './payments/local/local-provider.ts';
import type { PaymentService } from './payments/payment-service.ts';
import type { SeatFeed } from './seats/seat-feed.ts';
import type { Store } from './store/types.ts';

/** What every route plugin is given: configuration, the store, the catalogue, auth, the clock, payments, email. */
export interface AppDeps {
  config: Config;
  store: Store;
  catalog: Catalog;
  auth: Auth;
  cache: ReadCache;
  /** The show and movie ids that exist: public reads answer an unknown id 404 from memory. */
  knownIds: { shows: KnownIds; movies: KnownIds };
  now: () => Date;
  payments: PaymentService;
  mailer: Mailer;
  /** The local checkout when it is the payment provider (no STRIPE_SECRET_KEY), else null. */
  localCheckout: LocalCheckoutProvider | null;
  /** The secret webhook signatures are verified with. */
  webhookSecret: string;
  /** Live seat maps: tell it when a show's seats change on this instance. */
  seatFeed: SeatFeed;
}
