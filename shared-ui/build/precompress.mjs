/**
 * Emits a brotli (.br) and a gzip (.gz) twin of every text file a production
 * build writes, so the static server (scripts/static-server.mjs) or a CDN
 * sends compressed bytes without compressing on each request, and at the best
 * levels, which are too slow to use per request. Node's zlib does the work;
 * the plugin only walks the build's assets.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What a browser downloads as text; source maps are left out (developer tools only). */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt)$/;
/** Below this a compressed file saves less than the headers it costs. */
const MIN_BYTES = 1024;

export class PrecompressPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'PrecompressPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        async () => {
          const work = [];
          for (const asset of compilation.getAssets()) {
            if (!COMPRESSIBLE.test(asset.name)) continue;
            const raw = asset.source.buffer();
            if (raw.length < MIN_BYTES) continue;
            work.push(
              brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }).then((bytes) =>
                compilation.emitAsset(`${asset.name}.br`, new RawSource(bytes)),
              ),
              gzip(raw, { level: 9 }).then((bytes) => compilation.emitAsset(`${asset.name}.gz`, new RawSource(bytes))),
            );
          }
          await Promise.all(work);
        },
      );
    });
  }
}
