/** Business constants of spec §9 the moviegoer screens use. */
export const HERO_INTERVAL_MS = 5000;
export const HERO_DOTS = 5;
export const HOME_MOVIES = 4;
export const HOME_TRAILER_SHOWS = 4;
export const PLACEHOLDER_TRAILERS = 4;
export const LOADING_REDIRECT_MS = 8000;
export const CAST_LIMIT = 12;
export const COMPANIES_LIMIT = 4;
export const SIMILAR_LIMIT = 6;
export const ALSO_LIKE_LIMIT = 4;
export const RELEASES_LIMIT = 12;
export const TOP_RATED_LIMIT = 5;
export const POPULAR_LIMIT = 4;
export const FEATURED_THEATER_MOVIES = 6;
export const THEATER_CARD_POSTERS = 3;
/** Polling period of the seat map when the live stream is unavailable. */
export const SEAT_POLL_MS = 5000;
/** How long to wait before trying the live stream again after it failed. */
export const SEAT_STREAM_RETRY_MS = 30_000;

/** The toast texts of spec §5 and §8, exactly (too many seats: the hall's own, on the seat page, so the first page does not carry the hall). */
export const MESSAGES = {
  selectDate: 'Please select a date',
  selectTimeFirst: 'Please select time first',
  seatBooked: 'This seat is already booked',
  login: 'Please login to proceed',
  selectTimeAndSeats: 'Please select a time and seats',
  invalidSession: 'Invalid payment session',
  verificationFailed: 'Payment verification failed',
  verificationError: 'Error verifying payment',
  paymentConfirmed: 'Payment confirmed! Booking updated.',
  trailerMissing: 'Trailer not available',
  noTrailers: 'No trailers available at the moment',
  noMoviesAvailable: 'No movies available',
  noBookings: 'No bookings found',
  movieNotFound: 'Movie not found',
  heldByYou: 'You hold this seat: resume payment or release it below',
  bookedByYou: 'You booked this seat: your ticket is in My Bookings',
  salesClosed: 'Online sales for this show have closed; pick a later show',
  coolingDown: 'You released this seat a moment ago: others get first pick for a few minutes',
} as const;
