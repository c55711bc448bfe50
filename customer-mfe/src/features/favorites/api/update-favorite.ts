import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Api, notify, useApi } from 'shared-ui';

/** POST /api/user/update-favorite (auth): adds the movie to favourites, or removes it. */
export const updateFavorite = (api: Api, movieId: string) => api.toggleFavorite(movieId);

export function useUpdateFavorite() {
  const api = useApi();
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
