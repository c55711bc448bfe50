import { hasRating } from '../format';

/** A rating out of 10 with one decimal, as TMDB gives it; nothing for a film no one has voted on yet. */
export function StarRating({ value, votes }: { value: number; votes: number }) {
  if (!hasRating({ vote_average: value, vote_count: votes })) return null;
  return (
    <span className="ui-rating">
      <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="currentColor">
        <path d="M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z" />
      </svg>
      <span>
        <span className="sr-only">Rating </span>
        {value.toFixed(1)}
      </span>
    </span>
  );
}
