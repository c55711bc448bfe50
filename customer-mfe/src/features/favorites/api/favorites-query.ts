import { queryOptions } from '@tanstack/react-query';
import type { CustomerApi } from 'shared-ui/customer';

/**
 * GET /api/user/favorites (auth): one query for the Favorites page, the favourite buttons and the navigation
 * this remote gives the shell (exposes/navigation.ts), so invalidating it updates them all. A module of its own:
 * the navigation comes with the first page, the rest of the favourites code does not.
 */
export const favoritesQueryOptions = (api: CustomerApi) => queryOptions({ queryKey: ['favorites'], queryFn: () => api.favorites() });
