import { installComponentTestHooks } from 'shared-ui/testing/setup';
import { server } from './server';

installComponentTestHooks(server);
