import { PageLayout } from 'shared-ui';
import { useTheatreTimeZone } from 'shared-ui/staff';
import { OutboxList } from '../features/outbox/components/outbox-list';

export function OutboxPage() {
  return (
    <PageLayout title="Outbox">
      <OutboxList timeZone={useTheatreTimeZone()} />
    </PageLayout>
  );
}
