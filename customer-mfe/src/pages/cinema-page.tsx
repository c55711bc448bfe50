import { Link, useParams } from 'react-router-dom';
import { buttonClass, ErrorState, PageLayout, Skeleton } from 'shared-ui';
import { Section } from '../components/section';
import { useCinema } from '../features/cinemas/api/get-cinemas';
import { CinemaPhone, FacilityChips } from '../features/cinemas/components/cinema-facts';
import { CinemaShows } from '../features/cinemas/components/cinema-shows';
import { useSalesSettings } from '../lib/public-config';
import { isNotFound } from '../lib/api-error';

/** /theaters/:cinemaId: one cinema (address with a map link, phone, facilities, screens) and its show times. */
export function CinemaPage() {
  const { cinemaId = '' } = useParams();
  const detail = useCinema(cinemaId);
  const sales = useSalesSettings();
  if (detail.isPending) {
    return (
      <PageLayout>
        <div role="status" aria-label="Loading cinema">
          <Skeleton height="20rem" />
        </div>
      </PageLayout>
    );
  }
  if (detail.isError) {
    return (
      <PageLayout>
        {isNotFound(detail.error) ? (
          <div className="ui-state">
            <h1 className="ui-state__title">Cinema not found</h1>
            <Link className={buttonClass()} to="/theaters">
              All theaters
            </Link>
          </div>
        ) : (
          <ErrorState message={detail.error.message} onRetry={() => void detail.refetch()} />
        )}
      </PageLayout>
    );
  }
  const { cinema, shows } = detail.data;
  return (
    <PageLayout title={cinema.name}>
      <div className="c-stack">
        <p className="c-place">
          <a href={cinema.mapUrl} target="_blank" rel="noopener noreferrer">
            {cinema.address}, {cinema.city}
            <span className="sr-only"> (map, opens in a new tab)</span>
          </a>
          {' · '}
          <CinemaPhone phone={cinema.phone} />
        </p>
        <FacilityChips facilities={cinema.facilities} />
        <Section title="Screens">
          <ul className="c-chips" aria-label="Screens">
            {cinema.screens.map((screen) => (
              <li key={screen._id} className="c-chip">
                {screen.name} · {screen.format} · {screen.seatCount} seats
              </li>
            ))}
          </ul>
        </Section>
        <Section title="Show times">
          <CinemaShows cinema={cinema} shows={shows} currency={sales.currency} salesCloseMinutes={sales.salesCloseMinutes} />
        </Section>
        <Link className={buttonClass('ghost')} to="/theaters">
          All theaters
        </Link>
      </div>
    </PageLayout>
  );
}
