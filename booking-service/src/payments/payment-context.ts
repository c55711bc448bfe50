import type { ETickets } from '../bookings/booking-emails.ts';
import type { BookingRepository } from '../bookings/booking-repository.ts';
import type { BookingTransitions } from '../bookings/guarded-transitions.ts';
import type { ScreenLayout } from '../contract/seats/layout.ts';
import type { PaymentProvider } from './provider.ts';
import type { SalesStop } from './sales-stop.ts';

export interface Log {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** What every step of paying works with: the bookings, their transitions, the provider, the e-tickets. */
export interface PaymentContext {
  bookings: BookingRepository;
  /** The booking lifecycle's guarded transitions (bookings/guarded-transitions.ts). */
  lifecycle: BookingTransitions;
  provider: PaymentProvider;
  eTickets: ETickets;
  /** The currency every booking is priced in (ISO 4217, upper case). */
  currency: string;
  now: () => Date;
  log: Log;
  /** A show's seats changed: every instance's caches and live seat maps hear of it. */
  onSeatsChanged: (showId: string) => void;
  /** Shows whose sales the integrity checks stopped: their bookings take no payment. */
  salesStop: SalesStop;
  /**
   * Whether staff cancelled the show, read from the database now: a payment confirmed for a show cancelled
   * meanwhile is cancelled and refunded as the show's cancellation would have (settle-session.ts).
   */
  showCancelled: (showId: string) => Promise<boolean>;
  /** The clock of a show's cinema (by its screen; THEATRE_TIMEZONE for a screen the chain does not have): its times are told on it. */
  timeZoneOf: (screenId: string) => string;
  /** A show's screen's seat layout (its seats' types, what each costs), or undefined for a screen the chain does not have. */
  layoutOf: (screenId: string) => ScreenLayout | undefined;
}
