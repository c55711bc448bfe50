import { useState, type ReactNode } from 'react';
import { Button } from 'shared-ui';
import { ConfirmActionDialog, notifyOutcome } from 'shared-ui/staff';
import { useCancelOnSale } from '../api/on-sale-events';

/**
 * Cancel an on-sale event that has not opened (or one whose stored time cannot be read), after a confirmation
 * naming it: its shows are released at once, and the cancel is kept with who did it.
 */
export function CancelOnSaleButton({ eventId, name, facts }: { eventId: string; name: string; facts: readonly (readonly [label: string, value: ReactNode])[] }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelOnSale();
  const confirm = () =>
    cancel.mutate(eventId, {
      onSuccess: () => {
        setConfirming(false);
        notifyOutcome('success', `${name} cancelled: its shows sell as any show`);
      },
      onError: (failure) => {
        setConfirming(false);
        notifyOutcome('error', failure.message);
      },
    });
  return (
    <>
      <Button variant="secondary" className="staff__danger" onClick={() => setConfirming(true)}>
        Cancel on-sale
      </Button>
      {confirming && (
        <ConfirmActionDialog
          title={`Cancel the on-sale "${name}"?`}
          consequence="Its shows are released at once and sell as any show, without the waiting room; anyone in its pre-queue loses their place. This cannot be undone."
          confirmLabel="Cancel on-sale"
          dismissLabel="Keep it"
          facts={[['Event', name], ...facts]}
          busy={cancel.isPending}
          destructive
          onConfirm={confirm}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}
