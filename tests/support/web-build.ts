// The web app as users get it: a production build of web/, made fresh for the run so the
// tests always see the current source.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const webRoot = fileURLToPath(new URL('../../web/', import.meta.url));

/** Builds web/ into a new temporary folder and answers that folder. */
export async function buildWebApp(): Promise<string> {
  const outDir = join(await mkdtemp(join(tmpdir(), 'dealdesk-web-')), 'dist');
  await build({
    root: webRoot,
    configFile: join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, sourcemap: false },
    // Automated browsers are no developer tools: the guard stays out of the tested build.
    define: {
      'import.meta.env.VITE_DEVTOOLS_GUARD': JSON.stringify('off'),
      // Vitest runs with NODE_ENV=test, which would give React's development build.
      'process.env.NODE_ENV': JSON.stringify('production'),
    },
  });
  return outDir;
}
