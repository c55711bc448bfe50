/** A spinning ring, announced as a status. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="c-spinner" role="status" aria-label={label}>
      <span className="c-spinner__ring" aria-hidden="true" />
    </div>
  );
}
