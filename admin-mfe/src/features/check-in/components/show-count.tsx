import { useShowCount } from '../api/get-show-count';

/** "42 of 90 admitted": a show's door count, live. */
export function ShowCount({ showId, label }: { showId: string; label?: string }) {
  const count = useShowCount(showId);
  if (!count.data) return <p className="check-in__count">{count.isError ? 'Count unavailable' : 'Counting…'}</p>;
  const { admitted, sold } = count.data;
  return (
    <p className="check-in__count">
      {label && <span>{label}: </span>}
      <strong>{admitted}</strong> of <strong>{sold}</strong> admitted
    </p>
  );
}
