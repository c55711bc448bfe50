import type { Booking, NewBooking, SeatReturn } from '../../bookings/booking.ts';
import { NEW_BOOKING_STATE } from '../../bookings/booking-state-machine.ts';
import type { NewOutboxMessage, OutboxMessage } from '../../email/outbox.ts';
import type { LocalCheckoutSession, NewLocalCheckoutSession } from '../../payments/local/checkout-session.ts';
import type { Movie, NewShow, Show } from '../../shows/show.ts';
import { DEFAULT_SCREEN_ID } from '../../cinemas/built-in-chain.ts';
import type { User } from '../../identity/user.ts';
import type {
  BookingDocument,
  CheckoutSessionDocument,
  MovieDocument,
  OutboxDocument,
  SeatReturnDocument,
  ShowDocument,
  UserDocument,
} from './schemas.ts';

/**
 * Documents (as read with `lean()`) <-> the service's types. Reads pick the
 * domain fields explicitly, so storage-only fields (`createdAt` of a movie,
 * `live`, the copied show fields of a booking) never leak, and a field missing
 * from an older document reads as its default.
 */

export function toMovie(doc: MovieDocument): Movie {
  return {
    id: doc._id,
    title: doc.title,
    tagline: doc.tagline ?? '',
    overview: doc.overview ?? '',
    posterPath: doc.posterPath ?? null,
    backdropPath: doc.backdropPath ?? null,
    releaseDate: doc.releaseDate ?? '',
    runtime: doc.runtime ?? 0,
    genres: (doc.genres ?? []).map((g) => ({ id: g.id, name: g.name })),
    voteAverage: doc.voteAverage ?? 0,
    voteCount: doc.voteCount ?? 0,
    originalLanguage: doc.originalLanguage ?? 'en',
    casts: (doc.casts ?? []).map((c) => ({ name: c.name, character: c.character, profile_path: c.profile_path ?? null })),
  };
}

/** The movie's catalogue details as stored; `createdAt` is kept from the first insert. */
export function movieDetails(movie: Movie): Omit<MovieDocument, '_id' | 'createdAt'> {
  return {
    title: movie.title,
    tagline: movie.tagline,
    overview: movie.overview,
    posterPath: movie.posterPath,
    backdropPath: movie.backdropPath,
    releaseDate: movie.releaseDate,
    runtime: movie.runtime,
    voteAverage: movie.voteAverage,
    voteCount: movie.voteCount,
    originalLanguage: movie.originalLanguage,
    genres: movie.genres.map((g) => ({ id: g.id, name: g.name })),
    casts: movie.casts.map((c) => ({ name: c.name, character: c.character, profile_path: c.profile_path })),
  };
}

export function movieDocument(movie: Movie, createdAt: Date): MovieDocument {
  return { _id: movie.id, ...movieDetails(movie), createdAt };
}

export function toShow(doc: ShowDocument): Show {
  return { id: doc._id, movieId: doc.movieId, startsAt: doc.startsAt, priceCents: doc.priceCents, screenId: doc.screenId, seatPriceCents: { ...doc.seatPriceCents }, cancelledAt: doc.cancelledAt ?? null };
}

export function showDocument(movieId: string, show: NewShow, id: string, createdAt: Date): ShowDocument {
  return { _id: id, movieId, startsAt: show.startsAt, priceCents: show.priceCents, screenId: show.screenId ?? DEFAULT_SCREEN_ID, seatPriceCents: show.seatPriceCents ?? {}, cancelledAt: null, createdAt };
}

export function toUser(doc: UserDocument): User {
  return { id: doc._id, name: doc.name, email: doc.email ?? '' };
}

export function toBooking(doc: BookingDocument): Booking {
  return {
    id: doc._id,
    userId: doc.userId,
    showId: doc.showId,
    seats: [...doc.seats],
    amountCents: doc.amountCents,
    status: doc.status,
    isPaid: doc.isPaid,
    paymentLink: doc.paymentLink ?? null,
    paymentSessionId: doc.paymentSessionId ?? null,
    paymentIntentId: doc.paymentIntentId ?? null,
    holdExpiresAt: doc.holdExpiresAt,
    paidAt: doc.paidAt ?? null,
    createdAt: doc.createdAt,
    ticketCode: doc.ticketCode,
    refundStatus: doc.refundStatus ?? null,
    refundReason: doc.refundReason ?? null,
    refundId: doc.refundId ?? null,
    confirmation: doc.confirmation ?? null,
    admittedAt: doc.admittedAt ?? null,
    cancelledAt: doc.cancelledAt ?? null,
    returnedSeats: [...(doc.returnedSeats ?? [])],
    returnedCents: doc.returnedCents ?? 0,
  };
}

/** A return of seats as stored on its booking's document -> the domain's record. */
export function toSeatReturn({ _id, seats, ...rest }: SeatReturnDocument): SeatReturn {
  return { id: _id, seats: [...seats], ...rest, refundId: rest.refundId ?? null };
}

/** The domain's record of a return -> as pushed onto its booking's document. */
export function seatReturnDocument({ id, ...rest }: SeatReturn): SeatReturnDocument {
  return { _id: id, ...rest };
}

/** A new booking as stored: held, unpaid, live, with its show's movie and instant alongside. */
export function bookingDocument(booking: NewBooking, show: Pick<ShowDocument, 'movieId' | 'startsAt'>): BookingDocument {
  return {
    _id: booking.id,
    userId: booking.userId,
    showId: booking.showId,
    movieId: show.movieId,
    showStartsAt: show.startsAt,
    seats: [...booking.seats],
    live: true,
    amountCents: booking.amountCents,
    ...NEW_BOOKING_STATE,
    paymentLink: booking.paymentLink,
    paymentSessionId: null,
    paymentIntentId: null,
    holdExpiresAt: booking.holdExpiresAt,
    paidAt: null,
    createdAt: booking.createdAt,
    ticketCode: booking.ticketCode,
    refundStatus: null,
    refundReason: null,
    refundId: null,
    confirmation: null,
    admittedAt: null,
    cancelledAt: null,
  };
}

export function toOutboxMessage(doc: OutboxDocument): OutboxMessage {
  return {
    id: doc._id,
    bookingId: doc.bookingId ?? null,
    kind: doc.kind,
    toAddress: doc.toAddress,
    subject: doc.subject,
    text: doc.text,
    html: doc.html,
    createdAt: doc.createdAt,
    sentAt: doc.sentAt ?? null,
    attempts: doc.attempts ?? 0,
    lastError: doc.lastError ?? null,
    nextAttemptAt: doc.nextAttemptAt ?? null,
  };
}

export function outboxDocument(message: NewOutboxMessage, id: string, createdAt: Date): OutboxDocument {
  return {
    _id: id,
    bookingId: message.bookingId,
    kind: message.kind,
    toAddress: message.toAddress,
    subject: message.subject,
    text: message.text,
    html: message.html,
    createdAt,
    sentAt: message.sentAt ?? null,
    attempts: 0,
    lastError: null,
    nextAttemptAt: message.nextAttemptAt ?? null,
  };
}

export function toCheckoutSession(doc: CheckoutSessionDocument): LocalCheckoutSession {
  return {
    id: doc._id,
    bookingId: doc.bookingId,
    amountCents: doc.amountCents,
    currency: doc.currency,
    description: doc.description ?? '',
    status: doc.status,
    paymentStatus: doc.paymentStatus,
    paymentIntentId: doc.paymentIntentId ?? null,
    successUrl: doc.successUrl,
    cancelUrl: doc.cancelUrl,
    expiresAt: doc.expiresAt,
    createdAt: doc.createdAt,
    completedAt: doc.completedAt ?? null,
    refundId: doc.refundId ?? null,
    refundedCents: doc.refundedCents ?? 0,
    refundKeys: [...(doc.refundKeys ?? [])],
  };
}

/** A new local checkout session as stored: open and unpaid. */
export function checkoutSessionDocument(session: NewLocalCheckoutSession): CheckoutSessionDocument {
  return {
    _id: session.id,
    bookingId: session.bookingId,
    amountCents: session.amountCents,
    currency: session.currency,
    description: session.description,
    status: 'open',
    paymentStatus: 'unpaid',
    paymentIntentId: null,
    successUrl: session.successUrl,
    cancelUrl: session.cancelUrl,
    expiresAt: session.expiresAt,
    createdAt: session.createdAt,
    completedAt: null,
    refundId: null,
    refundedCents: 0,
    refundKeys: [],
  };
}
