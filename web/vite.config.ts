import react from '@vitejs/plugin-react';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

// In development Vite serves the app and hands API, media and runtime config to the server.
const server = process.env.DEALDESK_URL ?? 'http://127.0.0.1:8080';

/** Text the server sends as files; source maps only reach developer tools. */
const compressible = /\.(?:js|css|html|svg|json|txt)$/;
/** Below this, a compressed copy saves less than its headers cost. */
const smallest = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Beside each text file of the build, its brotli (quality 11) and gzip (level 9) copies: made
 * once here, at the hardest settings, so the server only picks one by Accept-Encoding.
 */
function precompress(): Plugin {
  return {
    name: 'dealdesk-precompress',
    apply: 'build',
    async writeBundle({ dir }) {
      if (dir === undefined) return;
      const files = (await readdir(dir, { recursive: true })).filter((file) =>
        compressible.test(file),
      );
      await Promise.all(
        files.map(async (file) => {
          const body = await readFile(join(dir, file));
          if (body.length < smallest) return;
          const params = {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          };
          await writeFile(join(dir, `${file}.br`), await brotli(body, { params }));
          await writeFile(join(dir, `${file}.gz`), await gzipped(body, { level: 9 }));
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  // The core is built from source, so the web app never waits for `tsc -b`.
  resolve: {
    alias: {
      '@dealdesk/core': fileURLToPath(new URL('../core/src/index.ts', import.meta.url)),
    },
  },
  server: {
    proxy: { '/api': server, '/media': server, '/config.js': server },
  },
  build: { sourcemap: true, chunkSizeWarningLimit: 700 },
});
