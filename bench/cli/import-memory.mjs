// Bulk import's memory: the built CLI's peak RSS (its worker thread included) importing JSON
// Lines files of about 10 MB and 100 MB (the rows of bench/cli/import.mjs) into a fresh SQLite
// server, and the ratio of the two peaks: the CLI streams the file, so the ratio stays near 1.
// Build first (`node_modules/.bin/tsc -b`), then `node bench/cli/import-memory.mjs`.
import { execFile } from 'node:child_process';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchEnvironment, machine, round, startServerProcess } from '../lib.mjs';
import {
  apiToken,
  catalogueRow,
  cliEnvironment,
  kurtaSubcategory,
  resultsDir,
} from './support.mjs';

const sizesMb = (process.env.BENCH_IMPORT_MB ?? '10,100').split(',').map(Number);
const cliMain = fileURLToPath(new URL('../../cli/dist/main.js', import.meta.url));
// Loaded before the CLI: prints the process's peak RSS as it exits.
const peakReporter = `data:text/javascript,process.on('exit',()=>process.stderr.write('peak-rss '+process.resourceUsage().maxRSS+'\\n'))`;

/** A file of rows up to `mb` MB, og_urls of their own (`prefix`); answers its path and rows. */
async function feedFile(dir, mb, prefix, category, subcategory) {
  const path = join(dir, `feed-${mb}mb.jsonl`);
  const file = createWriteStream(path);
  let bytes = 0;
  let rows = 0;
  while (bytes < mb * 2 ** 20) {
    const row = catalogueRow(rows, category, subcategory);
    const line = `${JSON.stringify({ ...row, og_url: `${row.og_url}/${prefix}` })}\n`;
    bytes += Buffer.byteLength(line);
    rows += 1;
    if (!file.write(line)) await once(file, 'drain');
  }
  file.end();
  await once(file, 'close');
  return { path, rows, mb: round(bytes / 2 ** 20) };
}

/** Imports `path` with the built CLI: its wall time and peak RSS. */
function importFile(path, env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    // e.g. BENCH_CLI_NODE_ARGS=--max-old-space-size=64, as timeCli takes them.
    const nodeArgs = (process.env.BENCH_CLI_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const args = [...nodeArgs, '--import', peakReporter, cliMain, 'products', 'import', path];
    execFile(process.execPath, args, { env }, (error, _stdout, stderr) => {
      if (error) return reject(new Error(`the import failed:\n${stderr}`));
      const peak = Number(/peak-rss (\d+)/.exec(stderr)?.[1]);
      resolve({ seconds: round((performance.now() - started) / 1000, 1), peakKb: peak });
    });
  });
}

const env = { ...benchEnvironment('import-memory'), NODE_ENV: 'production' };
const server = await startServerProcess(env);
try {
  const { api, token } = await apiToken(server.url, env);
  const { category, subcategory } = await kurtaSubcategory(api);
  const runs = [];
  for (const mb of sizesMb) {
    const feed = await feedFile(env.DEALDESK_DATA_DIR, mb, `m${mb}`, category._id, subcategory._id);
    const run = await importFile(feed.path, cliEnvironment(server.url, env, token));
    runs.push({ fileMb: feed.mb, rows: feed.rows, ...run, peakRssMb: round(run.peakKb / 1024) });
  }
  const results = {
    machine: machine(),
    runs: runs.map(({ peakKb: _, ...run }) => run),
    // The largest file's peak over the smallest's: 1 when memory does not grow with the file.
    peakRatio: round(runs.at(-1).peakKb / runs[0].peakKb, 2),
  };
  console.table(results.runs);
  console.log(`peak RSS ratio (${sizesMb.at(-1)} MB / ${sizesMb[0]} MB): ${results.peakRatio}`);
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    join(resultsDir, 'cli-import-memory.json'),
    `${JSON.stringify(results, null, 2)}\n`,
  );
} finally {
  await server.stop();
}
