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
  // Vitest runs with NODE_ENV=test, with which Vite would build React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await buildProduction(outDir);
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return outDir;
}

function buildProduction(outDir: string) {
  return build({
    root: webRoot,
    configFile: join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, sourcemap: false },
    // Automated browsers are no developer tools: the guard stays out of the tested build.
    define: { 'import.meta.env.VITE_DEVTOOLS_GUARD': JSON.stringify('off') },
  });
}
