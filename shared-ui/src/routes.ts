import { matchPath } from 'react-router-dom';

/** The routes the customer remote serves (spec §2); the shell mounts it on these. */
export const CUSTOMER_ROUTES = [
  '/',
  '/movies',
  '/movies/:id',
  '/movies/:id/:date',
  '/my-bookings',
  '/favorite',
  '/releases',
  '/theaters',
  '/tmdb-movie/:id',
  '/loading/*',
  '/payment-success',
  '/payment-success/',
] as const;

export function isCustomerPath(pathname: string): boolean {
  return CUSTOMER_ROUTES.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);
}

/** Shell routes hide their navbar and footer here. */
export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}
