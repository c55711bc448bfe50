import type { AdminShowsResponse } from 'booking-service/contract';
import { FilterSelect } from 'shared-ui/staff';

/** A list's movie filter: All movies or one of the movies with upcoming shows (as the service lists them). */
export function MovieFilter({
  movies,
  value,
  onChange,
  nameWithChoice,
}: {
  movies: AdminShowsResponse['movies'];
  value: string | undefined;
  onChange: (movieId: string | undefined) => void;
  /** List Bookings' filter keeps its name with the chosen movie (FilterSelect). */
  nameWithChoice?: boolean;
}) {
  const options = movies.map((movie) => [movie.id, movie.title] as const);
  return <FilterSelect label="Movie" all="All movies" value={value} options={options} onChange={onChange} nameWithChoice={nameWithChoice} />;
}
