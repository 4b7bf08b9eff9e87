// Bytes on the wire of the content API (not a load test): home and a 100-product page as sent
// with today's envelope, the compact envelope (X-Dealdesk-Envelope: 2) with br, plain JSON
// (DEALDESK_APP_ENVELOPE=off) with br, against the floor: the plain JSON brotli'd as hard as
// brotli goes. Goal: the compact envelope with br within 1.3 × the floor. Demo data plus 1,000
// products on SQLite. Build first (`node_modules/.bin/tsc -b`), then `node bench/app/wire.mjs`.
import { buildApp, loadConfig } from '@dealdesk/server';
import { request } from 'node:http';
import { brotliCompressSync, constants } from 'node:zlib';
import { seedDemo } from '../../server/dist/demo/seed.js';
import { seedCatalogue } from '../catalogue/seed.mjs';
import { benchEnvironment, report, round } from '../lib.mjs';

const paths = { home: '/api/v1/app/home', 'products?limit=100': '/api/v1/app/products?limit=100' };
const goal = 1.3;

/** The bytes an answer takes on the wire (body only; node:http never decompresses). */
function bytesOf(baseUrl, path, headers) {
  return new Promise((resolve, reject) => {
    request(new URL(path, baseUrl), { headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.once('end', () => resolve(Buffer.concat(chunks)));
    })
      .once('error', reject)
      .end();
  });
}

/** Each path's bodies as asked with each set of headers, from a server built with `config`. */
async function measure(config, asked) {
  const app = await buildApp(config);
  try {
    const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    const key = { 'x-api-key': config.apiKey };
    const bodies = {};
    for (const [name, path] of Object.entries(paths)) {
      // A first build may be built again once the change counters are read.
      await bytesOf(baseUrl, path, key);
      await app.dealdesk.context.changes.refresh();
      bodies[name] = {};
      for (const [form, headers] of Object.entries(asked))
        bodies[name][form] = await bytesOf(baseUrl, path, { ...key, ...headers });
    }
    return bodies;
  } finally {
    await app.close();
  }
}

async function main() {
  const config = loadConfig({ ...benchEnvironment('wire'), NODE_ENV: 'production' });
  const seeding = await buildApp(config);
  await seeding.dealdesk.auth.ensureFirstAdmin();
  await seedDemo(seeding.dealdesk.context);
  await seedCatalogue(seeding.dealdesk.context.db, 1_000);
  await seeding.close();

  const compressed = { 'accept-encoding': 'br, gzip' };
  const sealed = await measure(config, {
    today: {},
    'envelope 2 + br': { ...compressed, 'x-dealdesk-envelope': '2' },
  });
  const plain = await measure(
    { ...config, appEnvelope: false },
    { json: {}, 'plain + br': compressed },
  );
  const result = {};
  for (const name of Object.keys(paths)) {
    const floor = brotliCompressSync(plain[name].json, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }).length;
    const sent = { ...sealed[name], 'plain + br': plain[name]['plain + br'] };
    result[name] = {
      floorBytes: floor,
      ...Object.fromEntries(
        Object.entries(sent).map(([form, body]) => [
          form,
          { bytes: body.length, ratio: round(body.length / floor, 2) },
        ]),
      ),
      goal: `envelope 2 + br ≤ ${goal} ×`,
      met: sent['envelope 2 + br'].length / floor <= goal,
    };
  }
  report('app-wire', result);
  if (Object.values(result).some(({ met }) => !met)) process.exitCode = 1;
}

await main();
