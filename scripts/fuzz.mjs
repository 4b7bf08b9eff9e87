// `npm run fuzz`: the fuzz test of every declared call (server/src/fuzz), outside `npm test`.
//   --long          a million cases per dialect instead of the CI's calls x attack kinds
//   --cases <n>     this many cases per dialect
//   --seed <s>      the run's seed (a number or any text); a failure prints the one it met
//   --sqlite | --postgres   one dialect only
import { parseArgs } from 'node:util';
import { ensureInstalled, run } from './bootstrap.mjs';
import { ensurePostgres } from './ensure-postgres.mjs';

const { values } = parseArgs({
  options: {
    long: { type: 'boolean', default: false },
    cases: { type: 'string' },
    seed: { type: 'string' },
    sqlite: { type: 'boolean', default: false },
    postgres: { type: 'boolean', default: false },
  },
});
ensureInstalled();
if (!values.sqlite) ensurePostgres();
const env = { ...process.env };
const cases = values.cases ?? (values.long ? '1000000' : undefined);
if (cases !== undefined) env.DEALDESK_FUZZ_CASES = cases;
if (values.seed !== undefined) env.DEALDESK_FUZZ_SEED = values.seed;
if (values.sqlite) env.DEALDESK_FUZZ_DIALECTS = 'sqlite';
if (values.postgres) env.DEALDESK_FUZZ_DIALECTS = 'postgres';
run('vitest', ['run', '--project', 'packages', 'server/src/fuzz/fuzz.test.ts'], { env });
