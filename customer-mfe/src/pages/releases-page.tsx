import { PageLayout } from 'shared-ui';
import { CatalogSection } from '../features/catalog/components/catalog-section';
import { RELEASES_LIMIT } from '../lib/constants';

export function ReleasesPage() {
  return (
    <PageLayout title="Releases">
      <div className="c-stack">
        <CatalogSection title="New Releases" kind="now_playing" limit={RELEASES_LIMIT} />
        <CatalogSection title="Coming Soon" kind="upcoming" limit={RELEASES_LIMIT} />
      </div>
    </PageLayout>
  );
}
