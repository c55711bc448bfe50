import { PageLayout } from 'shared-ui';
import { CatalogSection } from '../features/catalog/components/catalog-section';
import { useShows } from '../features/shows/api/get-shows';
import { RELEASES_LIMIT } from '../lib/constants';

export function ReleasesPage() {
  // A release showing here leads to Buy Tickets.
  const showing = new Set(useShows().data?.shows.map((m) => m._id));
  return (
    <PageLayout title="Releases">
      <div className="c-stack">
        <CatalogSection title="New Releases" kind="now_playing" limit={RELEASES_LIMIT} showing={showing} />
        <CatalogSection title="Coming Soon" kind="upcoming" limit={RELEASES_LIMIT} showing={showing} />
      </div>
    </PageLayout>
  );
}
