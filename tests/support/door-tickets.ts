import { apiAs, holdIfFree, tokenFor } from './api';

const MINUTE = 60_000;

/** The date and HH:MM of `instant` on the theatre's clocks, as Add Shows takes them. */
function theatreDateTime(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/**
 * A show of a seeded movie starting within the hour (inside the door's admission window), added as theatre
 * staff would, on `screenId` (default: the default cinema's first screen): its id and movie.
 */
export async function showStartingSoon(screenId?: string): Promise<{ showId: string; movieTitle: string }> {
  const admin = apiAs(tokenFor('admin@example.com', 'admin'));
  const { theatreTimeZone } = await admin.publicConfig();
  const startsAt = new Date(Math.ceil((Date.now() + 20 * MINUTE) / (5 * MINUTE)) * 5 * MINUTE);
  const movie = (await apiAs().showAll()).shows[0]!;
  const { date, time } = theatreDateTime(startsAt, theatreTimeZone);
  await admin.addShow({ movieId: movie._id, showsInput: [{ date, time: [time] }], showPrice: 12, ...(screenId && { screenId }) });
  const detail = await apiAs().showDetail(movie._id);
  const slot = Object.values(detail.dateTime).flat().find((s) => new Date(s.time).getTime() === startsAt.getTime() && (!screenId || s.screenId === screenId));
  if (!slot) throw new Error(`the show added at ${date} ${time} is not listed`);
  return { showId: slot.showId, movieTitle: movie.title };
}

/** A paid booking of free seats of `showId` (held by a moviegoer, marked paid by support): its ticket code and seats. */
export async function paidTicket(showId: string, candidates: string[]): Promise<{ ticketCode: string; seats: string[] }> {
  const token = tokenFor('user@example.com');
  const taken = (await apiAs().occupiedSeats(showId)).occupiedSeats;
  const seats = candidates.filter((s) => !taken.includes(s)).slice(0, 2);
  const held = await holdIfFree(token, showId, seats);
  if (!held) throw new Error(`seats ${seats.join(', ')} of show ${showId} were taken`);
  const support = apiAs(tokenFor('support@example.com', 'support'));
  await support.markPaid(held.bookingId);
  const booking = (await support.debugBookings({ q: held.bookingId })).bookings[0]!;
  return { ticketCode: booking.ticketCode, seats };
}
