import { PageLayout } from 'shared-ui';
import { LiveReleases } from '../features/releases/components/live-releases';

export function ReleasesPage() {
  return (
    <PageLayout title="Live releases">
      <LiveReleases />
    </PageLayout>
  );
}
