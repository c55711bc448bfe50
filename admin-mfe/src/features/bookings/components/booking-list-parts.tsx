import { useId, useState, type FormEvent } from 'react';
import { Button } from 'shared-ui';

/**
 * List Bookings' search: a ticket code, a customer's name or email, or a movie, searched by the
 * service over every booking (not the page in view); Clear shows them all again.
 */
export function BookingSearch({ value, onSearch }: { value: string | undefined; onSearch: (q: string | undefined) => void }) {
  const [text, setText] = useState(value ?? '');
  const inputId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim() || undefined);
  };
  return (
    <form role="search" className="admin__search" aria-label="Search bookings" onSubmit={submit}>
      <label htmlFor={inputId}>Search</label>
      <input id={inputId} type="search" value={text} maxLength={100} placeholder="Ticket code, customer or movie" onChange={(e) => setText(e.target.value)} />
      <Button type="submit">Search</Button>
      {value && (
        <Button
          variant="ghost"
          onClick={() => {
            setText('');
            onSearch(undefined);
          }}
        >
          Clear
        </Button>
      )}
    </form>
  );
}
