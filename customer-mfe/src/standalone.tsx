import { mountStandalone } from 'shared-ui';
import CustomerRoutes from './exposes/routes';

/** The customer remote on its own page, for its team. */
void mountStandalone(<CustomerRoutes />);
