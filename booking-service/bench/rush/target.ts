/** The show a rush books (and another of the movie for the warm-up), read from the service. */
export interface Target {
  movieId: string;
  /** The show of the rush. */
  showId: string;
  /** Another show of the movie, where the booking path is warmed up first. */
  warmUpShowId: string;
}

/** The show the fault test uses too: the first movie's first show on its last listed day. */
export async function pickShow(origin: string): Promise<Target> {
  const all = (await (await fetch(`${origin}/api/show/all`)).json()) as { shows: { _id: string }[] };
  const movieId = all.shows[0]!._id;
  const detail = (await (await fetch(`${origin}/api/show/${movieId}`)).json()) as { dateTime: Record<string, { showId: string }[]> };
  const days = Object.values(detail.dateTime);
  const showId = days.at(-1)![0]!.showId;
  const warmUpShowId = days.flat().map((s) => s.showId).filter((id) => id !== showId).at(-1);
  if (!warmUpShowId) throw new Error(`movie ${movieId} has only one upcoming show; the bench needs two`);
  return { movieId, showId, warmUpShowId };
}

export async function occupiedSeats(origin: string, showId: string): Promise<string[]> {
  const body = (await (await fetch(`${origin}/api/booking/seats/${showId}`)).json()) as { occupiedSeats: string[] };
  return body.occupiedSeats;
}
