import { useQuery } from '@tanstack/react-query';
import { useCurrentUser, type NavItem, type RemoteNavigation } from 'shared-ui';
import { useCustomerApi } from 'shared-ui/customer';
import { favoritesQueryOptions } from '../features/favorites/api/favorites-query';

const HOME: NavItem = { to: '/', label: 'Home', end: true };
const MOVIES: NavItem = { to: '/movies', label: 'Movies' };
const THEATERS: NavItem = { to: '/theaters', label: 'Theaters' };
const RELEASES: NavItem = { to: '/releases', label: 'Releases' };
const FAVORITES: NavItem = { to: '/favorite', label: 'Favorites' };
const MY_BOOKINGS: NavItem = { to: '/my-bookings', label: 'My Bookings' };
const PAYMENT_HELP: NavItem = { to: '/payment-help', label: 'Payment help' };

/** Favorites appears only when the signed-in moviegoer has favourites (spec §2): the same query as the Favorites page. */
function useHasFavorites(): boolean {
  const { isAuthenticated } = useCurrentUser();
  const favorites = useQuery({ ...favoritesQueryOptions(useCustomerApi()), enabled: isAuthenticated });
  return isAuthenticated && (favorites.data?.movies.length ?? 0) > 0;
}

/**
 * The links this remote gives the shell's navbar, footer and user menu (exposed with the route table: the shell
 * places them, and knows none of these paths).
 */
export function useNavigation(): RemoteNavigation {
  const hasFavorites = useHasFavorites();
  return {
    navbar: hasFavorites ? [HOME, MOVIES, THEATERS, RELEASES, FAVORITES] : [HOME, MOVIES, THEATERS, RELEASES],
    footer: [MOVIES, THEATERS, MY_BOOKINGS, PAYMENT_HELP],
    account: [MY_BOOKINGS],
  };
}
