// `npm test`: install what is missing, check format, lint and types, then run every test.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ensureInstalled, root, run } from './bootstrap.mjs';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensurePostgres } from './ensure-postgres.mjs';
import { ensureRecipeTools } from './ensure-recipe-tools.mjs';
import { ensureShells } from './ensure-shells.mjs';
import { checks, lint } from './lint.mjs';

ensureInstalled();
// The server's tests also run on a throw-away PostgreSQL: install it first where it is missing.
ensurePostgres();
// The browser end-to-end tests drive Debian's Chromium: install it where it is missing.
ensureChromium();
// The CLI's completion tests run its zsh and fish scripts in those shells.
ensureShells();
// The Python and Kotlin recipes of docs/app-api.md run against a live server (Debian's packages).
ensureRecipeTools();

/**
 * Each project also writes a JSON report, so that the failed tests are named again at the very
 * end: a CI log often keeps only its tail, and the package tests report first.
 */
const reports = mkdtempSync(join(tmpdir(), 'dealdesk-test-'));
const reportOf = (project) => join(reports, `${project}.json`);
process.on('exit', () => rmSync(reports, { recursive: true, force: true }));

const args = process.argv.slice(2);
if (args.length > 0) {
  // Some files or options: the gate, then those tests alone.
  lint();
  run('vitest', ['run', ...args]);
} else {
  await allAtOnce();
}

/** A tool of node_modules/.bin run to its end: its exit code, and its output when kept. */
function started(bin, binArgs, { keep }) {
  const child = spawn(join(root, 'node_modules', '.bin', bin), binArgs, {
    cwd: root,
    stdio: keep ? 'pipe' : 'inherit',
  });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) =>
    child.on('close', (code) => resolve({ name: `${bin} ${binArgs.join(' ')}`, code, output })),
  );
}

/**
 * The rest of the gate and every test at once. The package tests alone use about one core of
 * two (they mostly wait on databases, servers and child processes), the browser files mostly
 * wait on Chromium and the server: so the two projects run in processes of their own, and the
 * format and lint checks beside them, instead of one after another (8.7 min on this 2-core
 * machine, installed; one after another about 14; two halves of the browser files, each with
 * its own server and Chromium, made no difference). The package tests report as they go; the
 * others' reports follow once all are done.
 */
async function allAtOnce() {
  console.log('[dealdesk] format, lint and the browser tests run beside the package tests');
  // The format and lint checks read the sources only: they start beside the build, which uses
  // one core of two. knip and the tests wait for it (the tests run the built server and CLI).
  const afterBuild = new Set(['knip']);
  const kept = checks
    .filter(([bin]) => !afterBuild.has(bin))
    .map(([bin, binArgs]) => started(bin, binArgs, { keep: true }));
  const build = await started('tsc', ['-b'], { keep: false });
  if (build.code === 0) {
    kept.push(
      ...checks
        .filter(([bin]) => afterBuild.has(bin))
        .map(([bin, binArgs]) => started(bin, binArgs, { keep: true })),
      started('vitest', vitestArgs('browser'), { keep: true }),
    );
  }
  const packages =
    build.code === 0 ? await started('vitest', vitestArgs('packages'), { keep: false }) : build;
  const results = [packages, ...(await Promise.all(kept))];
  for (const { name, output } of results.slice(1)) {
    if (output.length === 0) continue;
    console.log(`\n[dealdesk] ${name}:`);
    process.stdout.write(Buffer.concat(output));
  }
  const failed = results.filter(({ code }) => code !== 0);
  for (const { name } of failed) {
    console.error(`[dealdesk] ${name} failed`);
    summariseFailures(name);
  }
  if (failed.length > 0) process.exit(1);
}

function vitestArgs(project) {
  return [
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reportOf(project)}`,
  ];
}

/** The failed tests of a vitest run, with their message and where it was thrown. */
function summariseFailures(name) {
  const project = /--project (\w+)/.exec(name)?.[1];
  if (project === undefined) return;
  if (!existsSync(reportOf(project))) {
    console.error('  (no report was written: see the output above)');
    return;
  }
  const report = JSON.parse(readFileSync(reportOf(project), 'utf8'));
  const failures = report.testResults.flatMap((file) => [
    ...(file.status === 'failed' && file.message ? [[file.name, '(the file)', file.message]] : []),
    ...file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => [file.name, test.fullName, test.failureMessages.join('\n')]),
  ]);
  if (failures.length === 0) {
    console.error('  every test passed: see the errors vitest reported above');
  }
  for (const [file, test, message] of failures) {
    const lines = message.split('\n');
    const thrown = lines.find((line) => /^\s+at /.test(line) && !line.includes('node_modules'));
    const what = lines.filter((line) => !/^\s+at /.test(line)).slice(0, 6);
    console.error(`  ${relative(root, file)} > ${test}`);
    for (const line of [...what, ...(thrown ? [thrown.trim()] : [])]) console.error(`    ${line}`);
  }
}
