import { useQuery } from '@tanstack/react-query';
import { useCustomerApi } from 'shared-ui/customer';
import { useErrorToast } from '../../../lib/use-error-toast';
import { favoritesQueryOptions } from './favorites-query';

export function useFavorites(enabled: boolean) {
  const favorites = useQuery({ ...favoritesQueryOptions(useCustomerApi()), enabled });
  useErrorToast(favorites.error, 'favorites-error');
  return favorites;
}
