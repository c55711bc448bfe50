import { DEFAULT_SCREEN_ID } from '../../src/cinemas/built-in-chain.ts';

/** The show a rush books (and another of the movie for the warm-up), read from the service. */
export interface Target {
  movieId: string;
  /** The show of the rush. */
  showId: string;
  /** Another show of the movie, where the booking path is warmed up first. */
  warmUpShowId: string;
}

/**
 * The show the fault test uses too: the first movie's first show of the spec's hall (A-J x 9, the seats the rush books)
 * on its last listed day, and another of its hall shows for the warm-up. Other screens' layouts have other seats (or
 * companion seats that cannot be booked alone): booking A-J x 9 there was answered 400.
 */
export async function pickShow(origin: string): Promise<Target> {
  const all = (await (await fetch(`${origin}/api/show/all`)).json()) as { shows: { _id: string }[] };
  for (const { _id: movieId } of all.shows) {
    const detail = (await (await fetch(`${origin}/api/show/${movieId}`)).json()) as { dateTime: Record<string, { showId: string; screenId?: string }[]> };
    const days = Object.values(detail.dateTime).map((slots) => slots.filter((slot) => slot.screenId === DEFAULT_SCREEN_ID)).filter((slots) => slots.length > 0);
    const showId = days.at(-1)?.[0]?.showId;
    const warmUpShowId = days.flat().map((s) => s.showId).filter((id) => id !== showId).at(-1);
    if (showId && warmUpShowId) return { movieId, showId, warmUpShowId };
  }
  throw new Error("no movie has two upcoming shows on the spec's hall; the bench needs two");
}

export async function occupiedSeats(origin: string, showId: string): Promise<string[]> {
  const body = (await (await fetch(`${origin}/api/booking/seats/${showId}`)).json()) as { occupiedSeats: string[] };
  return body.occupiedSeats;
}
