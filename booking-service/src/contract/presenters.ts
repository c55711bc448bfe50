import { toUnits } from '../payments/money.ts';
import type { BookingWithDetails, BookingWithShow } from '../bookings/booking.ts';
import type { Movie as StoredMovie, ShowWithMovie, ShowWithSeats } from '../shows/show.ts';
import type { AdminBooking, Booking, DebugBooking, Movie, Show } from './schemas.ts';

/** Domain records -> the JSON field names of spec §3. */

export function movieJson(movie: StoredMovie): Movie {
  return {
    _id: movie.id,
    title: movie.title,
    tagline: movie.tagline,
    overview: movie.overview,
    poster_path: movie.posterPath,
    backdrop_path: movie.backdropPath,
    release_date: movie.releaseDate,
    runtime: movie.runtime,
    genres: movie.genres,
    vote_average: movie.voteAverage,
    vote_count: movie.voteCount,
    original_language: movie.originalLanguage,
    casts: movie.casts,
  };
}

export function showJson(show: ShowWithSeats): Show {
  return {
    _id: show.id,
    movie: movieJson(show.movie),
    showDateTime: show.startsAt.toISOString(),
    showPrice: toUnits(show.priceCents),
    occupiedSeats: show.occupiedSeats,
  };
}

function bookingShowJson(show: ShowWithMovie) {
  return { _id: show.id, showDateTime: show.startsAt.toISOString(), showPrice: toUnits(show.priceCents), movie: movieJson(show.movie) };
}

export function bookingJson(booking: BookingWithShow): Booking {
  return {
    _id: booking.id,
    amount: toUnits(booking.amountCents),
    bookedSeats: booking.seats,
    isPaid: booking.isPaid,
    status: booking.status,
    paymentLink: booking.isPaid ? null : booking.paymentLink,
    holdExpiresAt: booking.holdExpiresAt.toISOString(),
    createdAt: booking.createdAt.toISOString(),
    show: bookingShowJson(booking.show),
    ticketCode: booking.isPaid ? booking.ticketCode : null,
    refundStatus: booking.refundStatus,
  };
}

export function adminBookingJson(booking: BookingWithDetails): AdminBooking {
  return { ...bookingJson(booking), user: { name: booking.user.name } };
}

export function debugBookingJson(booking: BookingWithDetails): DebugBooking {
  return {
    id: booking.id,
    movieTitle: booking.show.movie.title,
    amount: toUnits(booking.amountCents),
    seats: booking.seats,
    createdAt: booking.createdAt.toISOString(),
    hasPaymentLink: Boolean(booking.paymentLink),
    isPaid: booking.isPaid,
    status: booking.status,
    userName: booking.user.name,
    showDateTime: booking.show.startsAt.toISOString(),
    holdExpiresAt: booking.holdExpiresAt.toISOString(),
    paymentSessionId: booking.paymentSessionId,
    refundStatus: booking.refundStatus,
    refundReason: booking.refundReason,
  };
}
