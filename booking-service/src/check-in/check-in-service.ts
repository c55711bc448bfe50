import type { BookingRepository } from '../bookings/booking-repository.ts';
import type { BookingWithDetails } from '../bookings/booking.ts';
import type { CinemaDirectory } from '../cinemas/cinema-directory.ts';
import type { ShowRepository } from '../shows/show-repository.ts';
import { formatTheatreClock } from '../contract/theatre-time.ts';
import { admissionDecision, cinemaRefusal, stateRefusal, type AdmissionWindow } from './admission-rules.ts';
import type { Admission, CheckIn, Refusal } from './check-in.ts';
import type { CheckInRepository } from './check-in-repository.ts';
import { readScan } from './ticket-scan.ts';
import { addressWindowCounter } from '../http/address-window-counter.ts';

const MINUTE_MS = 60_000;

/** Who scans, and where: the door's name and, from door screens that know cinemas, its cinema's id. */
export interface Scan { code: string; door: string; cinemaId?: string; staff: { id: string; name: string } }

/** What the door is told: admitted (this scan), or refused with the reason (and the earlier admission, when that is why). */
export type CheckInResult =
  | { outcome: 'admitted'; booking: BookingWithDetails; checkIn: CheckIn }
  /** Past its minute's share of unknown codes: not looked up further, not logged, only counted (429). */
  | { outcome: 'throttled'; reason: string; retryAfterSeconds: number; booking: null }
  | { outcome: Refusal; reason: string; booking: BookingWithDetails | null; earlier?: Admission };

export interface CheckInServiceDeps {
  bookings: Pick<BookingRepository, 'getByTicketCode'>;
  checkIns: CheckInRepository;
  shows: Pick<ShowRepository, 'listWithSeats'>;
  /** The chain: where each show's screen is (the door's cinema against the ticket's; the cinema's clock). */
  cinemas: Pick<CinemaDirectory, 'place'>;
  window: AdmissionWindow;
  /** THEATRE_TIMEZONE: the clock of a show whose screen the chain does not know. */
  timeZone: string;
  now: () => Date;
  /**
   * Unknown codes one door account may scan a minute (CHECK_IN_UNKNOWN_CODES_PER_MINUTE), each logged; past it they
   * are answered 429 and only counted (`onThrottled`: a metric), so a stolen door token cannot fill the log.
   */
  unknownCodes?: { perMinute: number; onThrottled?: () => void };
}

export type CheckInService = ReturnType<typeof createCheckInService>;

/** The door's rules: a paid ticket, in its show's admission window, admitted once; every scan logged. */
export function createCheckInService({ bookings, checkIns, shows, cinemas, window, timeZone, now, unknownCodes }: CheckInServiceDeps) {
  // A counter per door account (its token's subject), as the per-address limits count addresses.
  const unknownScans = unknownCodes ? addressWindowCounter(unknownCodes.perMinute, MINUTE_MS, () => now().getTime()) : null;

  /** The clock on the wall of the show's cinema. */
  const clockOf = (screenId: string) => cinemas.place(screenId)?.cinema.timeZone ?? timeZone;

  function alreadyAdmitted(earlier: Admission, screenId: string): string {
    return `Already admitted at ${formatTheatreClock(earlier.at, clockOf(screenId))} at ${earlier.door} by ${earlier.staffName}`;
  }

  async function earlierAdmission(bookingId: string): Promise<Admission | undefined> {
    return (await checkIns.listForBooking(bookingId)).find((entry) => entry.outcome === 'admitted');
  }

  async function refuse(scan: Scan, logged: string, refusal: Omit<Extract<CheckInResult, { outcome: Refusal }>, 'booking'>, booking: BookingWithDetails | null): Promise<CheckInResult> {
    await checkIns.recordRefusal({
      bookingId: booking?.id ?? null,
      code: logged,
      door: scan.door,
      staffId: scan.staff.id,
      staffName: scan.staff.name,
      outcome: refusal.outcome,
      at: now(),
    });
    return { ...refusal, booking };
  }

  return {
    /** The show's live door count: tickets admitted of tickets sold. */
    showCount: (showId: string) => checkIns.showCount(showId),

    /** The shows admitting now (their admission window is open), soonest first, each with its door count; of one cinema when given. */
    async admittingNow(cinemaId?: string) {
      const at = now().getTime();
      const inWindow = await shows.listWithSeats({
        from: new Date(at - window.closesMinutesAfter * MINUTE_MS),
        to: new Date(at + window.opensMinutesBefore * MINUTE_MS + 1),
      });
      const admitting = cinemaId ? inWindow.filter((show) => cinemas.place(show.screenId)?.cinema.id === cinemaId) : inWindow;
      return Promise.all(
        admitting.map(async (show) => ({
          showId: show.id,
          movieTitle: show.movie.title,
          showDateTime: show.startsAt.toISOString(),
          showTime: formatTheatreClock(show.startsAt, clockOf(show.screenId)),
          ...(await checkIns.showCount(show.id)),
        })),
      );
    },

    async checkIn(scan: Scan): Promise<CheckInResult> {
      const { ticketCode, logged } = readScan(scan.code);
      const booking = ticketCode ? await bookings.getByTicketCode(ticketCode) : null;
      if (!booking) {
        const retryAfterSeconds = unknownScans?.count(scan.staff.id) ?? 0;
        if (retryAfterSeconds > 0) {
          unknownCodes?.onThrottled?.();
          const reason = `Too many unknown codes from this door account in a minute: scan again in ${retryAfterSeconds} s (check the code, or ask a supervisor)`;
          return { outcome: 'throttled', reason, retryAfterSeconds, booking: null };
        }
        return refuse(scan, logged, { outcome: 'unknown-ticket', reason: 'No ticket has this code' }, null);
      }

      const at = now();
      const place = cinemas.place(booking.show.screenId);
      const elsewhere = cinemaRefusal(place && { cinemaId: place.cinema.id, cinemaName: place.cinema.name, screenName: place.screen.name }, scan.cinemaId);
      const decision = admissionDecision(booking, at, window, clockOf(booking.show.screenId), elsewhere);
      if (!decision.admit) {
        // A ticket admitted before and scanned again after its window (or at another cinema): the earlier admission is the news.
        const earlier = booking.status === 'paid' ? await earlierAdmission(booking.id) : undefined;
        if (earlier) return refuse(scan, logged, { outcome: 'already-admitted', reason: alreadyAdmitted(earlier, booking.show.screenId), earlier }, booking);
        return refuse(scan, logged, { outcome: decision.outcome, reason: decision.reason }, booking);
      }
      const result = await checkIns.admit({
        bookingId: booking.id,
        code: logged,
        door: scan.door,
        staffId: scan.staff.id,
        staffName: scan.staff.name,
        outcome: 'admitted',
        at,
      });
      // The seats the admitting write found: some given back since this scan read the booking are not let in.
      if (result.admitted) return { outcome: 'admitted', booking: { ...booking, seats: result.seats }, checkIn: result.checkIn };
      if ('earlier' in result) {
        const earlier = result.earlier;
        return refuse(scan, logged, { outcome: 'already-admitted', reason: alreadyAdmitted(earlier, booking.show.screenId), earlier }, booking);
      }
      // A cancellation (its owner's, or the show's) got to the booking first: its outcome, with who and when, is the answer.
      const current = { ...booking, ...result.booking };
      const lost = stateRefusal(current, clockOf(booking.show.screenId));
      if (!lost) throw new Error(`Booking ${booking.id} refused its admission but is still admissible`);
      return refuse(scan, logged, { outcome: lost.outcome, reason: lost.reason }, current);
    },
  };
}
