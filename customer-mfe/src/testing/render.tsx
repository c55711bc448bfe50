import type { ReactElement } from 'react';
import { renderWithProviders } from 'shared-ui/testing';
import CustomerRoutes from '../exposes/routes';

export { currentLocation } from 'shared-ui/testing';

/** Renders a screen (the customer routes at `route`, by default) with configuration, router, server state and toasts. */
export function renderRoute(route: string, ui: ReactElement = <CustomerRoutes />) {
  return renderWithProviders(ui, route);
}
