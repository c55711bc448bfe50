import './styles/tokens.css';

export * from './format';
export * from './config/app-config';
export * from './api/client';
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
export * from './providers';
export { notify } from './notify';
export * from './standalone';
