import { useState, type FormEvent } from 'react';
import type { SupportView } from 'booking-service/contract';
import { Button } from 'shared-ui';
import { FilterSelect } from 'shared-ui/staff';
import { VIEW_LABELS } from '../lib/support-query';

const VIEWS = Object.entries(VIEW_LABELS) as [SupportView, string][];

/** The desk's search: what to find (email, name, ticket code or booking id) and in which view. */
export function SupportSearch({ q, view, onChange }: { q: string | undefined; view: SupportView; onChange: (change: { q?: string; view?: SupportView }) => void }) {
  const [search, setSearch] = useState(q ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ q: search.trim() || undefined });
  };
  return (
    <form className="debug__search" role="search" aria-label="Find bookings" onSubmit={submit}>
      <label className="debug__search-field">
        Search
        <input type="search" value={search} placeholder="Email, name, ticket code or booking id" onChange={(e) => setSearch(e.target.value)} />
      </label>
      <FilterSelect label="Show" value={view} options={VIEWS} onChange={(chosen) => onChange({ view: chosen })} nameWithChoice />
      <Button type="submit">Search</Button>
    </form>
  );
}
