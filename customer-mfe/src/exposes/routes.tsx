import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Spinner } from '../components/spinner';
import { HomePage } from '../pages/home-page';
import { MoviesPage } from '../pages/movies-page';
import '../customer.css';

// Home and Movies come with the routes module (the first paint needs them); every other screen loads when visited.
const MovieDetailPage = lazy(() => import('../pages/movie-detail-page').then((m) => ({ default: m.MovieDetailPage })));
const SeatSelectionPage = lazy(() => import('../pages/seat-selection-page').then((m) => ({ default: m.SeatSelectionPage })));
const MyBookingsPage = lazy(() => import('../pages/my-bookings-page').then((m) => ({ default: m.MyBookingsPage })));
const FavoritesPage = lazy(() => import('../pages/favorites-page').then((m) => ({ default: m.FavoritesPage })));
const ReleasesPage = lazy(() => import('../pages/releases-page').then((m) => ({ default: m.ReleasesPage })));
const TheatersPage = lazy(() => import('../pages/theaters-page').then((m) => ({ default: m.TheatersPage })));
const TmdbMoviePage = lazy(() => import('../pages/tmdb-movie-page').then((m) => ({ default: m.TmdbMoviePage })));
const LoadingPage = lazy(() => import('../pages/loading-page').then((m) => ({ default: m.LoadingPage })));
const PaymentSuccessPage = lazy(() => import('../pages/payment-success-page').then((m) => ({ default: m.PaymentSuccessPage })));
const NotFoundPage = lazy(() => import('../pages/not-found-page').then((m) => ({ default: m.NotFoundPage })));

/** Exposed as `customer/routes`: the moviegoer screens, mounted by the shell on the customer routes. */
export default function CustomerRoutes() {
  return (
    <Suspense fallback={<div className="c-route-loading"><Spinner /></div>}>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/movies" element={<MoviesPage />} />
        <Route path="/movies/:id" element={<MovieDetailPage />} />
        <Route path="/movies/:id/:date" element={<SeatSelectionPage />} />
        <Route path="/my-bookings" element={<MyBookingsPage />} />
        <Route path="/favorite" element={<FavoritesPage />} />
        <Route path="/releases" element={<ReleasesPage />} />
        <Route path="/theaters" element={<TheatersPage />} />
        <Route path="/tmdb-movie/:id" element={<TmdbMoviePage />} />
        <Route path="/loading/*" element={<LoadingPage />} />
        <Route path="/payment-success" element={<PaymentSuccessPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
