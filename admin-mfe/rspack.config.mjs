import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import { remoteRspackConfig } from 'shared-ui/federation';

export default remoteRspackConfig({
  packageDir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'admin',
  port: Number(process.env.ADMIN_PORT ?? 3002),
  rspack,
  ModuleFederationPlugin,
  ReactRefreshPlugin: ReactRefreshRspackPlugin,
  navigation: './src/exposes/navigation.ts',
  title: 'Marquee · Admin (standalone)',
});
