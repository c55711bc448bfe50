import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { remoteRspackConfig } from 'shared-ui/federation';

export default remoteRspackConfig({
  packageDir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'customer',
  port: Number(process.env.CUSTOMER_PORT ?? 3001),
  rspack,
  ModuleFederationPlugin,
  title: 'Marquee · Customer (standalone)',
});
