import type { ReactNode } from 'react';
import type { AdminShowsResponse, CinemaWithLayouts } from 'booking-service/contract';
import { FilterSelect } from 'shared-ui/staff';
import { CinemaFilter } from '../../../lib/cinema-filters';
import { MovieFilter } from '../../../lib/movie-filter';
import type { BookingFilters } from '../api/get-all-bookings';

const PAYMENT = [
  ['true', 'Paid'],
  ['false', 'Unpaid'],
] as const;

/** List Bookings' filters: movie, cinema, show date and payment; `children` sit at the end (the export). */
export function BookingFilterForm({
  filters,
  movies,
  cinemas,
  onChange,
  children,
}: {
  filters: BookingFilters;
  movies: AdminShowsResponse['movies'];
  cinemas: readonly CinemaWithLayouts[] | undefined;
  onChange: (change: Partial<BookingFilters>) => void;
  children?: ReactNode;
}) {
  return (
    <form className="admin__filters" onSubmit={(e) => e.preventDefault()} aria-label="Filter bookings">
      <MovieFilter movies={movies} value={filters.movieId} onChange={(movieId) => onChange({ movieId })} nameWithChoice />
      <CinemaFilter cinemas={cinemas} value={filters.cinemaId} onChange={(cinemaId) => onChange({ cinemaId })} />
      <label>
        Show date
        <input type="date" value={filters.date ?? ''} onChange={(e) => onChange({ date: e.target.value || undefined })} />
      </label>
      <FilterSelect<NonNullable<BookingFilters['paid']>> label="Payment" all="All" value={filters.paid} options={PAYMENT} onChange={(paid) => onChange({ paid })} nameWithChoice />
      {children}
    </form>
  );
}
