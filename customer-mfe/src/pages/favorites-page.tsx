import { Link } from 'react-router-dom';
import { buttonClass, CardGridSkeleton, ErrorState, PageLayout, useCurrentUser } from 'shared-ui';
import { SignInGate } from '../components/sign-in-prompt';
import { useFavorites } from '../features/favorites/api/get-favorites';
import { RemoveFavorite } from '../features/favorites/components/remove-favorite';
import { MovieGrid } from '../features/shows/components/movie-grid';
import { MESSAGES } from '../lib/constants';

export function FavoritesPage() {
  return (
    <PageLayout title="Your Favorite Movies">
      <SignInGate title="Sign in to see your favorites" text="Tap the heart on any movie to keep it here.">
        <FavoritesList />
      </SignInGate>
    </PageLayout>
  );
}

function FavoritesList() {
  const user = useCurrentUser();
  const favorites = useFavorites(user.isAuthenticated);
  if (favorites.isPending) return <CardGridSkeleton count={4} label="Loading favorites" />;
  if (favorites.isError) return <ErrorState message={favorites.error.message} onRetry={() => void favorites.refetch()} />;
  if (favorites.data.movies.length === 0) {
    return (
      <div className="ui-state">
        <h2 className="ui-state__title">{MESSAGES.noMoviesAvailable}</h2>
        <p className="ui-state__text">Tap the heart on a movie to add it to your favorites.</p>
        <Link className={buttonClass()} to="/movies">
          Browse Movies
        </Link>
      </div>
    );
  }
  return <MovieGrid movies={favorites.data.movies} extra={(movie) => <RemoveFavorite movieId={movie._id} title={movie.title} />} />;
}
