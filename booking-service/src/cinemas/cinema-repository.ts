import type { Cinema } from './cinema.ts';

/** What the cinemas need of a store (every store implements it: db/). */
export interface CinemaRepository {
  /**
   * Writes these cinemas and their screens: a missing one is added, an existing one takes these details
   * (the built-in chain is the code's, so a start with a newer chain refreshes it). Never removes one:
   * shows refer to screens. Idempotent, and safe when several instances start at once.
   */
  ensure(cinemas: readonly Cinema[]): Promise<void>;
  /** Every cinema with its screens, in the chain's order. */
  list(): Promise<Cinema[]>;
}
