import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from 'shared-ui';
import { useErrorToast } from '../../../lib/use-error-toast';

/**
 * GET /api/user/favorites (auth). The key ['favorites'] is the one the shell's
 * navbar reads to show its Favorites link, so invalidating it updates both.
 */
export const favoritesQueryOptions = (api: Api) => queryOptions({ queryKey: ['favorites'], queryFn: () => api.favorites() });

export function useFavorites(enabled: boolean) {
  const favorites = useQuery({ ...favoritesQueryOptions(useApi()), enabled });
  useErrorToast(favorites.error, 'favorites-error');
  return favorites;
}
