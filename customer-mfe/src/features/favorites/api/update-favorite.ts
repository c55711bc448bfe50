import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useApi, type Api } from 'shared-ui';

/** POST /api/user/update-favorite (auth): adds the movie to favourites, or removes it. */
export const updateFavorite = (api: Api, movieId: string) => api.toggleFavorite(movieId);

export function useUpdateFavorite() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (movieId: string) => updateFavorite(api, movieId),
    onSuccess: (answer) => {
      toast.success(answer.message);
      return queryClient.invalidateQueries({ queryKey: ['favorites'] });
    },
    onError: (error) => {
      toast.error(error.message);
    },
  });
}
