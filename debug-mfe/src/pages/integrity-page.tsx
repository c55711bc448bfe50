import { Button, PageLayout } from 'shared-ui';
import { useTheatreTimeZone } from 'shared-ui/staff';
import { useQueryClient } from '@tanstack/react-query';
import { IntegrityReport } from '../features/integrity/components/integrity-report';

/** Support's view of the integrity checks: what to settle after a double sale or an adopted restore point. */
export function IntegrityPage() {
  const queryClient = useQueryClient();
  return (
    <PageLayout
      title="Integrity"
      actions={
        <Button variant="secondary" onClick={() => void queryClient.invalidateQueries({ queryKey: ['debug', 'integrity'] })}>
          Refresh
        </Button>
      }
    >
      <IntegrityReport timeZone={useTheatreTimeZone()} />
    </PageLayout>
  );
}
