import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCustomerApi, type CustomerApi } from 'shared-ui/customer';
import { useErrorToast } from '../../../lib/use-error-toast';

/**
 * GET /api/user/favorites (auth). The key ['favorites'] is the one the shell's
 * navbar reads to show its Favorites link, so invalidating it updates both.
 */
export const favoritesQueryOptions = (api: CustomerApi) => queryOptions({ queryKey: ['favorites'], queryFn: () => api.favorites() });

export function useFavorites(enabled: boolean) {
  const favorites = useQuery({ ...favoritesQueryOptions(useCustomerApi()), enabled });
  useErrorToast(favorites.error, 'favorites-error');
  return favorites;
}
