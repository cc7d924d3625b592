import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

// Text the server sends often enough to be worth compressing once at build time rather than on every request.
const compressible = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes `name.br` and `name.gz` beside each built text file (index.html included); the server sends the one the
 * browser accepts (`preCompressed` in plugins/web.ts). A copy that would not be smaller is not written.
 */
export function precompress(): Plugin {
  return {
    name: 'switchboard-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!compressible.test(fileName)) continue;
        const path = join(outDir, fileName);
        const content = readFileSync(path);
        const brotli = brotliCompressSync(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        });
        const gzip = gzipSync(content, { level: constants.Z_BEST_COMPRESSION });
        if (brotli.length < content.length) writeFileSync(`${path}.br`, brotli);
        if (gzip.length < content.length) writeFileSync(`${path}.gz`, gzip);
      }
    },
  };
}
