// The production web bundle's first screens: how much JavaScript a browser loads before the
// first screen shows, as bytes on the wire (the brotli copies the build makes and the server
// sends; gzip beside them). Builds web/ with a manifest into a temporary folder, then follows
// index.html (entry script and module preloads), the startup imports (the developer-tools
// guard) and the first route's chunk with its static imports.
//
//   node bench/web-bundle/measure.mjs        prints JSON, keeps bench/results/web-bundle.json,
//                                            exits 1 above a budget
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Brotli'd JavaScript the login screen may load, and the signed-in shell on top of it. */
const loginBudgetBytes = 150 * 1024;
const shellBudgetBytes = 60 * 1024;

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

/** A file's bytes as the server sends it: its precompressed copy, or itself when too small. */
function wireSize(outDir, file, extension) {
  const copy = join(outDir, `${file}${extension}`);
  return readFileSync(existsSync(copy) ? copy : join(outDir, file)).length;
}

const kilobytes = (bytes) => Math.round(bytes / 102.4) / 10;

function sizesOf(outDir, files) {
  const sum = (extension) =>
    [...files].reduce((total, file) => total + wireSize(outDir, file, extension), 0);
  const brotliBytes = sum('.br');
  const gzipBytes = sum('.gz');
  return { brotliBytes, brotliKB: kilobytes(brotliBytes), gzipKB: kilobytes(gzipBytes) };
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
    return { screen, files: files.size, ...sizesOf(outDir, files) };
  });
  // For comparison: every other screen, opened directly (entry plus its own chunks).
  const everyScreen = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry === true)
    .map(([key]) => {
      const files = staticClosure(manifest, key, new Set(atOnce));
      return { module: key, brotliKB: sizesOf(outDir, files).brotliKB };
    })
    .sort((a, b) => b.brotliKB - a.brotliKB);

  const [login, shell] = screens.map((screen) => screen.brotliBytes);
  const result = {
    measuredAt: new Date().toISOString(),
    loginBudgetKB: loginBudgetBytes / 1024,
    shellBudgetKB: shellBudgetBytes / 1024,
    withinBudget: login <= loginBudgetBytes && shell - login <= shellBudgetBytes,
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
