import { Button } from 'shared-ui';
import { useUpdateFavorite } from '../api/update-favorite';

/** Takes the movie off the list here (the same toggle as the heart on its page). */
export function RemoveFavorite({ movieId, title }: { movieId: string; title: string }) {
  const update = useUpdateFavorite();
  return (
    <Button variant="ghost" aria-label={`Remove ${title} from favorites`} aria-busy={update.isPending || undefined} disabled={update.isPending} onClick={() => update.mutate(movieId)}>
      Remove
    </Button>
  );
}
