// `npm start`: install what is missing, build, and serve the whole back-office on one port.
// `npm run backup` and `npm run restore` come here too: the server's entry runs them.
import { existsSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { ensureInstalled, root } from './bootstrap.mjs';
import { build } from './build.mjs';
import { passSignalsOn } from './node.mjs';

ensureInstalled();
build();
const entry = `${root}server/dist/main.js`;
if (!existsSync(entry)) {
  console.log('[dealdesk] the server is not built yet: nothing to start.');
  process.exit(0);
}
const server = spawn(process.execPath, [entry, ...process.argv.slice(2)], { stdio: 'inherit' });
passSignalsOn(server);
server.on('exit', (code) => process.exit(code ?? 0));
