// `npm test`: install what is missing, check format, lint and types, then run every test.
import { ensureInstalled, run } from './bootstrap.mjs';
import { lint } from './lint.mjs';

ensureInstalled();
lint();
run('vitest', ['run', ...process.argv.slice(2)]);
