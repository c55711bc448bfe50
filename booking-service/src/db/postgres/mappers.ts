import type * as schema from '../schema.ts';
import type { Booking } from '../../bookings/booking.ts';
import type { Movie, Show } from '../../shows/show.ts';
import type { User } from '../../identity/user.ts';

type MovieRow = typeof schema.movies.$inferSelect;
type ShowRow = typeof schema.shows.$inferSelect;
type BookingRow = typeof schema.bookings.$inferSelect;
type UserRow = typeof schema.users.$inferSelect;

export function toMovie({ createdAt: _createdAt, ...movie }: MovieRow): Movie {
  return movie;
}

export function toShow(row: ShowRow): Show {
  return { id: row.id, movieId: row.movieId, startsAt: row.startsAt, priceCents: row.priceCents, screenId: row.screenId, seatPriceCents: row.seatPrices, cancelledAt: row.cancelledAt };
}

export function toBooking(row: BookingRow): Booking {
  return { ...row };
}

export function toUser(row: UserRow): User {
  return { id: row.id, name: row.name, email: row.email };
}
