import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import { remoteRspackConfig } from 'shared-ui/federation';

export default remoteRspackConfig({
  packageDir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'customer',
  port: Number(process.env.CUSTOMER_PORT ?? 3001),
  rspack,
  ModuleFederationPlugin,
  ReactRefreshPlugin: ReactRefreshRspackPlugin,
  title: 'Marquee · Customer (standalone)',
  // The shell's early script starts these pages' reads and preloads (docs/platform/frontends.md, "First page without a waterfall").
  firstPages: 'src/exposes/first-pages.json',
  // The first view of those pages in the HTML, rendered by the page server (docs/platform/frontends.md, "The first view from the HTML").
  serverRender: 'src/server/first-view.server.tsx',
});
