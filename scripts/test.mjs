// `npm test`: install what is missing, check format, lint and types, then run every test.
import { ensureInstalled, run } from './bootstrap.mjs';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensurePostgres } from './ensure-postgres.mjs';
import { ensureShells } from './ensure-shells.mjs';
import { lint } from './lint.mjs';

ensureInstalled();
// The server's tests also run on a throw-away PostgreSQL: install it first where it is missing.
ensurePostgres();
// The browser end-to-end tests drive Debian's Chromium: install it where it is missing.
ensureChromium();
// The CLI's completion tests run its zsh and fish scripts in those shells.
ensureShells();
lint();
run('vitest', ['run', ...process.argv.slice(2)]);
