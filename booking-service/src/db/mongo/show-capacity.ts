import { layoutSeats } from '../../contract/seats/layout.ts';
import type { Models } from './models.ts';
import type { CinemaDocument, ShowDocument } from './schemas.ts';

/** How many seats these shows have together, each by its screen's layout (PostgreSQL: cardinality of screens.seat_ids). */
export async function seatsOfShows({ Show, Cinema }: Pick<Models, 'Show' | 'Cinema'>, showIds: readonly string[]): Promise<number> {
  if (showIds.length === 0) return 0;
  const shows = await Show.find({ _id: { $in: [...showIds] } }, { screenId: 1 }).lean<Pick<ShowDocument, '_id' | 'screenId'>[]>();
  const cinemas = await Cinema.find({ 'screens.id': { $in: [...new Set(shows.map((show) => show.screenId))] } }).lean<CinemaDocument[]>();
  const seatsByScreen = new Map(cinemas.flatMap((cinema) => cinema.screens.map((screen) => [screen.id, layoutSeats(screen.layout).length] as const)));
  return shows.reduce((sum, show) => sum + (seatsByScreen.get(show.screenId) ?? 0), 0);
}
