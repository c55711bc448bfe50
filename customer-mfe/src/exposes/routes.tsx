import { lazy, Suspense, useLayoutEffect, useState, type ComponentType } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Route, Routes } from 'react-router-dom';
import { PageTitle } from 'shared-ui';
import { handOverFirstView, takeFirstViewQueries } from 'shared-ui/first-view';
import { Spinner } from '../components/spinner';
import { HomePage } from '../pages/home-page';
import '../customer.css';

export { useNavigation } from './navigation';

// Home comes with the routes module (the first paint of / needs it); every other screen loads when visited, Movies
// included (its chunk is preloaded when a visit starts on /movies). A page's chunk name is what first-pages.json
// (the table this remote publishes for the shell's first-page preload) names it by.
const MoviesPage = lazy(() => import(/* webpackChunkName: "page-movies" */ '../pages/movies-page').then((m) => ({ default: m.MoviesPage })));
const MovieDetailPage = lazy(() => import(/* webpackChunkName: "page-movie-detail" */ '../pages/movie-detail-page').then((m) => ({ default: m.MovieDetailPage })));
const SeatSelectionPage = lazy(() => import(/* webpackChunkName: "page-seat-selection" */ '../pages/seat-selection-page').then((m) => ({ default: m.SeatSelectionPage })));
const MyBookingsPage = lazy(() => import('../pages/my-bookings-page').then((m) => ({ default: m.MyBookingsPage })));
const FavoritesPage = lazy(() => import('../pages/favorites-page').then((m) => ({ default: m.FavoritesPage })));
const ReleasesPage = lazy(() => import('../pages/releases-page').then((m) => ({ default: m.ReleasesPage })));
const TheatersPage = lazy(() => import('../pages/theaters-page').then((m) => ({ default: m.TheatersPage })));
const CinemaPage = lazy(() => import('../pages/cinema-page').then((m) => ({ default: m.CinemaPage })));
const TmdbMoviePage = lazy(() => import('../pages/tmdb-movie-page').then((m) => ({ default: m.TmdbMoviePage })));
const LoadingPage = lazy(() => import('../pages/loading-page').then((m) => ({ default: m.LoadingPage })));
const PaymentSuccessPage = lazy(() => import('../pages/payment-success-page').then((m) => ({ default: m.PaymentSuccessPage })));
const PaymentHelpPage = lazy(() => import('../pages/payment-help-page').then((m) => ({ default: m.PaymentHelpPage })));
const NotFoundPage = lazy(() => import('../pages/not-found-page').then((m) => ({ default: m.NotFoundPage })));

/**
 * The customer remote's pages (spec §2) and their tab titles. The shell mounts
 * this remote on every path outside /admin and /debug, so adding, renaming or
 * removing a page here is a customer-only release.
 */
export const CUSTOMER_PAGES: { path: string; title: string; Page: ComponentType }[] = [
  { path: '/', title: 'Movie tickets', Page: HomePage },
  { path: '/movies', title: 'Movies', Page: MoviesPage },
  { path: '/movies/:id', title: 'Movie', Page: MovieDetailPage },
  { path: '/movies/:id/:date', title: 'Choose seats', Page: SeatSelectionPage },
  { path: '/my-bookings', title: 'My bookings', Page: MyBookingsPage },
  { path: '/favorite', title: 'Favorites', Page: FavoritesPage },
  { path: '/releases', title: 'Releases', Page: ReleasesPage },
  { path: '/theaters', title: 'Theaters', Page: TheatersPage },
  { path: '/theaters/:cinemaId', title: 'Cinema', Page: CinemaPage },
  { path: '/tmdb-movie/:id', title: 'Movie', Page: TmdbMoviePage },
  { path: '/loading/*', title: 'Confirming payment', Page: LoadingPage },
  { path: '/payment-success', title: 'Payment successful', Page: PaymentSuccessPage },
  { path: '/payment-help', title: 'Payment help', Page: PaymentHelpPage },
  { path: '*', title: 'Page not found', Page: NotFoundPage },
];

/**
 * The page server may have sent this page's first view, rendered by this remote's server module, with its reads
 * (shared-ui/first-view): the query cache starts from them, so the page's first render is that view, not a
 * skeleton. setQueryData, not react-query's hydrate: the shell's tree-shaken react-query has no hydrate.
 */
function useFirstViewReads() {
  const client = useQueryClient();
  useState(() => {
    for (const { queryKey, data, updatedAt } of takeFirstViewQueries()) {
      if (client.getQueryData(queryKey) === undefined) client.setQueryData(queryKey, data, { updatedAt });
    }
  });
}

/** Once a page has committed its view (the same as the static first view, from the same reads), it takes the first view's place. */
function FirstViewHandover() {
  useLayoutEffect(handOverFirstView, []);
  return null;
}

/** Exposed as `customer/routes`: the moviegoer screens, with the remote's own 404. */
export default function CustomerRoutes() {
  useFirstViewReads();
  return (
    <Routes>
      {CUSTOMER_PAGES.map(({ path, title, Page }) => (
        <Route
          key={path}
          path={path}
          element={
            <>
              <PageTitle title={title} />
              <Suspense fallback={<div className="c-route-loading"><Spinner /></div>}>
                <Page />
                <FirstViewHandover />
              </Suspense>
            </>
          }
        />
      ))}
    </Routes>
  );
}
