import { useQuery } from '@tanstack/react-query';
import { useBrowseApi } from 'shared-ui/customer/browse';
import { useErrorToast } from '../../../lib/use-error-toast';
import { favoritesQueryOptions } from './favorites-query';

export function useFavorites(enabled: boolean) {
  const favorites = useQuery({ ...favoritesQueryOptions(useBrowseApi()), enabled });
  useErrorToast(favorites.error, 'favorites-error');
  return favorites;
}
