import type { FavoritesResponse, ShowAllResponse } from 'booking-service/contract';
import type { Call } from './request';

/**
 * The calls the customer remote's first render makes (the home page's shows, and the navbar's Favorites
 * link): a module of their own, so that render carries these alone (`shared-ui/customer/browse`) and the
 * other pages' calls come with those pages (customer-client.ts, which includes these).
 */
export function browseCalls(call: Call) {
  return {
    showAll: () => call<ShowAllResponse>('/api/show/all', { auth: false }),
    favorites: () => call<FavoritesResponse>('/api/user/favorites', { auth: true }),
  };
}

export type BrowseApi = ReturnType<typeof browseCalls>;
