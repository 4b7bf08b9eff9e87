// The flood benchmark's floor: a bare node:http server in a process of its own that answers
// every request with the status, headers and bytes the Dealdesk server gave.
// `node bare-server.mjs <answer.json>` prints where it listens, as the server does.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const answer = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8'));
const body = Buffer.from(answer.body);
const server = createServer((request, response) => {
  response.writeHead(answer.status, answer.headers);
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`running at http://127.0.0.1:${server.address().port}\n`);
});
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
