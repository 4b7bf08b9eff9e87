// The floor of the content API benchmark: a bare node:http server in a process of its own that
// answers every request with the bytes and headers the Dealdesk server gave (304 to the ETag).
// `node bare-server.mjs <answer.json>` prints where it listens, as the server does.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const answer = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8'));
const server = createServer((request, response) => {
  if (request.headers['if-none-match'] === answer.headers.etag) {
    response.writeHead(304, {
      etag: answer.headers.etag,
      'cache-control': answer.headers['cache-control'],
    });
    response.end();
    return;
  }
  response.writeHead(200, answer.headers);
  response.end(answer.body);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`running at http://127.0.0.1:${server.address().port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
