import { componentTestConfig } from 'shared-ui/testing/vitest-config';

export default componentTestConfig();
