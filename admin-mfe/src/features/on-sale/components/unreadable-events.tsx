import type { UnreadableOnSaleEvent } from 'booking-service/contract';
import { CancelOnSaleButton } from './cancel-on-sale';

/** Stored events no page can show: their shows stay closed until staff cancel them. */
export function UnreadableEvents({ events }: { events: readonly UnreadableOnSaleEvent[] }) {
  if (events.length === 0) return null;
  return (
    <ul className="admin__unreadable" aria-label="On-sale events that cannot be shown">
      {events.map((event) => (
        <li key={event.id} role="alert">
          <p>
            <strong>{event.name}</strong> cannot be shown: {event.problem}. Its {event.showIds.length === 1 ? 'show is' : `${event.showIds.length} shows are`} not sold until you cancel it.
          </p>
          <CancelOnSaleButton eventId={event.id} name={event.name} facts={[['Problem', event.problem]]} />
        </li>
      ))}
    </ul>
  );
}

