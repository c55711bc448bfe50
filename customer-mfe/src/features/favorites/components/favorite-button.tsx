import { notify, useCurrentUser } from 'shared-ui';
import { MESSAGES } from '../../../lib/constants';
import { useFavorites } from '../api/get-favorites';
import { useUpdateFavorite } from '../api/update-favorite';

/** The heart: filled when the movie is a favorite; needs sign-in. */
export function FavoriteButton({ movieId }: { movieId: string }) {
  const user = useCurrentUser();
  const favorites = useFavorites(user.isAuthenticated);
  const update = useUpdateFavorite();
  const isFavorite = favorites.data?.movies.some((m) => m._id === movieId) ?? false;
  const onClick = () => {
    if (!user.isAuthenticated) {
      notify.error(MESSAGES.login);
      return;
    }
    if (!update.isPending) update.mutate(movieId);
  };
  return (
    <button
      type="button"
      className="c-heart"
      aria-label="Favorite"
      aria-pressed={isFavorite}
      aria-busy={update.isPending}
      onClick={onClick}
    >
      <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill={isFavorite ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2">
        <path d="M12 21s-7.5-4.6-10-9.3C.4 8.6 2.3 4.5 6.2 4.5c2.2 0 3.9 1.3 5.8 3.6 1.9-2.3 3.6-3.6 5.8-3.6 3.9 0 5.8 4.1 4.2 7.2C19.5 16.4 12 21 12 21z" />
      </svg>
    </button>
  );
}
