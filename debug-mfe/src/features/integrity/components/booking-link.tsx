import { Link } from 'react-router-dom';

/** A booking (by its id or ticket code) opened in the desk's booking lookup, where support settles it. */
export function BookingLink({ lookup, children }: { lookup: string; children: string }) {
  return (
    <Link to={`/debug?q=${encodeURIComponent(lookup)}`}>
      <code>{children}</code>
    </Link>
  );
}
