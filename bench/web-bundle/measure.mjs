// The production web bundle's first screens: how much gzipped JavaScript a browser loads
// before the first screen shows. Builds web/ with a manifest into a temporary folder, then
// follows index.html (entry script and module preloads), the startup imports (the
// developer-tools guard) and the first route's chunk with its static imports.
//
//   node bench/web-bundle/measure.mjs        prints JSON, keeps bench/results/web-bundle.json,
//                                            exits 1 above the 250 KB budget
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Gzipped JavaScript the first screen may load (the budget). */
const budgetBytes = 250 * 1024;

const webDir = fileURLToPath(new URL('../../web/', import.meta.url));
const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));

/** The first screen of each kind of visit: the route's screen module. */
const firstScreens = {
  'signed out (/admin/panel/login)': ['src/features/auth/LoginPage.tsx'],
  'signed in (/, shell and home)': ['src/app/shell/Shell.tsx', 'src/features/home/HomePage.tsx'],
};
/** Loaded at startup by every production page, whatever the route. */
const startupModules = ['src/features/devtools-guard/guard.ts'];

async function buildWeb(outDir) {
  // Vite is the web package's dependency: load it from there.
  const vitePath = createRequire(join(webDir, 'package.json')).resolve('vite');
  const { build } = await import(pathToFileURL(vitePath).href);
  process.env.NODE_ENV = 'production';
  await build({
    root: webDir,
    configFile: join(webDir, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, sourcemap: false, manifest: true },
  });
}

function gzippedSize(outDir, file) {
  return gzipSync(readFileSync(join(outDir, file))).length;
}

/** Every JS file a manifest entry needs before it runs: itself and its static imports. */
function staticClosure(manifest, key, files = new Set()) {
  const chunk = manifest[key];
  if (chunk === undefined) throw new Error(`no chunk for ${key} in the manifest`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, files);
  return files;
}

/** What index.html makes the browser fetch at once: the entry and the module preloads. */
function indexScripts(outDir) {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const sources = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
  ].map((match) => match[1]);
  return new Set(sources);
}

const outDir = join(mkdtempSync(join(tmpdir(), 'dealdesk-bundle-')), 'dist');
try {
  await buildWeb(outDir);
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'));
  const atOnce = indexScripts(outDir);
  for (const key of startupModules) staticClosure(manifest, key, atOnce);

  const screens = Object.entries(firstScreens).map(([screen, modules]) => {
    const files = new Set(atOnce);
    for (const key of modules) staticClosure(manifest, key, files);
    const gzipBytes = [...files].reduce((sum, file) => sum + gzippedSize(outDir, file), 0);
    return { screen, files: files.size, gzipBytes, gzipKB: Math.round(gzipBytes / 102.4) / 10 };
  });
  // For comparison: every other screen, opened directly (entry plus its own chunks).
  const everyScreen = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry === true)
    .map(([key]) => {
      const files = staticClosure(manifest, key, new Set(atOnce));
      const gzipBytes = [...files].reduce((sum, file) => sum + gzippedSize(outDir, file), 0);
      return { module: key, gzipKB: Math.round(gzipBytes / 102.4) / 10 };
    })
    .sort((a, b) => b.gzipKB - a.gzipKB);

  const largest = Math.max(...screens.map((screen) => screen.gzipBytes));
  const result = {
    measuredAt: new Date().toISOString(),
    budgetKB: budgetBytes / 1024,
    withinBudget: largest <= budgetBytes,
    firstScreens: screens,
    heaviestScreensOpenedDirectly: everyScreen.slice(0, 5),
  };
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, 'web-bundle.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
  if (!result.withinBudget) process.exitCode = 1;
} finally {
  rmSync(join(outDir, '..'), { recursive: true, force: true });
}
