/**
 * The International Symbol of Access (a wheelchair user), drawn in the current colour. Decorative: the seat
 * or legend entry it sits in names the wheelchair space in words.
 */
export function WheelchairIcon({ className = 'c-wheelchair-icon' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
      <circle cx="10.5" cy="3.5" r="2.25" />
      <path d="M9.25 7h2.5v4.5h4.75v2.25H9.25z" />
      <path d="M7.75 9.9v2.55a4.25 4.25 0 1 0 6.6 4.55l1.9 1.15a6.5 6.5 0 1 1-8.5-8.25z" />
      <path d="M15.25 12.5h2.4l2.6 6.1-2.05.85-2.05-4.7h-.9z" />
    </svg>
  );
}
