import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import { remoteRspackConfig } from 'shared-ui/federation';

export default remoteRspackConfig({
  packageDir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'debug',
  port: Number(process.env.DEBUG_PORT ?? 3003),
  rspack,
  ModuleFederationPlugin,
  ReactRefreshPlugin: ReactRefreshRspackPlugin,
  navigation: './src/exposes/navigation.ts',
  title: 'Marquee · Support (standalone)',
});
