import { useState, type FormEvent } from 'react';
import { Button, Skeleton } from 'shared-ui';
import { useQueueEntry } from '../api/waiting-room-support';
import { QueueEntry } from './queue-entry';

/** A moviegoer's place, looked up by email or account id. */
export function PlaceLookup({ eventId }: { eventId: string }) {
  const [input, setInput] = useState('');
  const [account, setAccount] = useState('');
  const entry = useQueueEntry(eventId, account);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAccount(input.trim());
  };
  const found = entry.data?.entry;
  return (
    <section aria-labelledby="place-lookup">
      <h2 id="place-lookup" className="debug__section-title">
        A moviegoer&apos;s place
      </h2>
      <form className="debug__search" onSubmit={submit} role="search" aria-label="Look up a place">
        <label className="debug__search-field">
          Email or account id
          <input value={input} maxLength={320} onChange={(e) => setInput(e.target.value)} />
        </label>
        <Button type="submit" variant="secondary">
          Look up
        </Button>
      </form>
      {/* A first look-up only: a refresh after an action keeps the entry (and the open dialog) on screen. */}
      {entry.isLoading && <Skeleton height="4rem" />}
      {entry.isError && <p role="alert">{entry.error.message}</p>}
      {found && <QueueEntry entry={found} eventId={eventId} />}
    </section>
  );
}
