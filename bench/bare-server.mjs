// The floor of the load benchmarks: a bare node:http server in a process of its own that
// answers every request with the status, headers and bytes the Dealdesk server gave (and 304
// to its ETag when asked). `node bare-server.mjs <answer.json>` prints where it listens, as
// the server does; bench/lib.mjs starts it (startBareServer).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const answer = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8'));
const body = Buffer.from(answer.body);
const server = createServer((request, response) => {
  const etag = answer.headers.etag;
  if (etag !== undefined && request.headers['if-none-match'] === etag) {
    response.writeHead(304, { etag, 'cache-control': answer.headers['cache-control'] });
    response.end();
    return;
  }
  response.writeHead(answer.status ?? 200, answer.headers);
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`running at http://127.0.0.1:${server.address().port}\n`);
});
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
