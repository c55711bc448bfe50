import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from 'shared-ui';
import { type CustomerApi, useCustomerApi } from 'shared-ui/customer';

/** POST /api/user/update-favorite (auth): adds the movie to favourites, or removes it. */
export const updateFavorite = (api: CustomerApi, movieId: string) => api.toggleFavorite(movieId);

export function useUpdateFavorite() {
  const api = useCustomerApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (movieId: string) => updateFavorite(api, movieId),
    onSuccess: (answer) => {
      notify.success(answer.message);
      return queryClient.invalidateQueries({ queryKey: ['favorites'] });
    },
    onError: (error) => {
      notify.error(error.message);
    },
  });
}
