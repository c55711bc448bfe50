import './styles/tokens.css';

export * from './format';
export * from './config/app-config';
export * from './api/client';
export { createCaller } from './api/request';
export * from './auth/use-api';
export { useAccountRequired, useAuthState, type AuthState } from './auth/auth-state';
export * from './components/button';
export * from './components/poster';
export * from './components/star-rating';
export * from './components/movie-card';
export * from './components/states';
export * from './components/page-layout';
export * from './components/page-title';
export * from './components/nav-link-list';
export type { NavPlace, RemoteNavigation, RemoteNavigationModule, RemoteRoutesModule } from './remote-module';
export * from './providers';
export { notify } from './notify';
export * from './standalone';
// Neither is used by this release (the test cards are on the checkout page only): kept because the
// remotes of release 0, which this release's shell still runs (version skew), import them.
export * from './components/test-payment-info';
export * from './checkout-store';
