import { EmptyState, ErrorState, Skeleton } from 'shared-ui';
import { Section } from '../../../components/section';
import { chooseCity, useChosenCity } from '../../../lib/chosen-city';
import { useCinemas } from '../api/get-cinemas';
import { CinemaCard } from './cinema-card';

/** The chain's cinemas of the chosen city, with the city tabs; until a city of the chain is chosen, its first city's. */
export function CinemasOfCity() {
  const chosen = useChosenCity();
  const cinemas = useCinemas();
  if (cinemas.isPending) return <Skeleton height="16rem" />;
  if (cinemas.isError) return <ErrorState message={cinemas.error.message} onRetry={() => void cinemas.refetch()} />;
  const { cities } = cinemas.data;
  const city = chosen && cities.includes(chosen) ? chosen : (cities[0] ?? null);
  const here = cinemas.data.cinemas.filter((cinema) => cinema.city === city);
  return (
    <Section title={city ? `Theaters in ${city}` : 'Theaters'}>
      <div className="c-tabs" role="group" aria-label="City">
        {cities.map((name) => (
          <button key={name} type="button" className="c-tab" aria-pressed={city === name} onClick={() => chooseCity(name)}>
            {name}
          </button>
        ))}
      </div>
      {here.length === 0 ? (
        <EmptyState title="No cinemas in this city yet" />
      ) : (
        <div className="c-theaters">
          {here.map((cinema) => (
            <CinemaCard key={cinema._id} cinema={cinema} />
          ))}
        </div>
      )}
    </Section>
  );
}
