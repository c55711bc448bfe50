import { useState } from 'react';
import type { OnSaleEvent } from 'booking-service/contract';
import { FilterSelect } from './filter-select';

/**
 * The on-sale event a staff page shows (admin's live panel, support's waiting room): the one chosen, else the
 * latest created (also when the chosen one is no longer listed). Null while there is none.
 */
export function useChosenOnSaleEvent(events: readonly OnSaleEvent[] | undefined): [eventId: string | null, choose: (eventId: string) => void] {
  const [chosen, setChosen] = useState<string | null>(null);
  // A chosen event that left the list (cancelled) gives way to the latest.
  const stillListed = chosen !== null && events?.some((event) => event.id === chosen) ? chosen : null;
  return [stillListed ?? events?.at(-1)?.id ?? null, setChosen];
}

/** Picks one of the on-sale events by name; `className` is the remote's field style. */
export function OnSaleEventPicker({ events, value, onChange, className }: { events: readonly OnSaleEvent[]; value: string; onChange: (eventId: string) => void; className?: string }) {
  return <FilterSelect className={className} label="Event" value={value} options={events.map((event) => [event.id, event.name] as const)} onChange={onChange} />;
}
