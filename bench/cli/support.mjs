// What the CLI benchmarks share: the built CLI timed as a child process, an API token of the
// first admin (signed in with the mailed code), and a real PNG for categories.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiClient } from '@dealdesk/core';

const cliMain = fileURLToPath(new URL('../../cli/dist/main.js', import.meta.url));

export const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));

/** Runs the CLI; answers its wall time in ms (stdin given as text, exit code checked). */
export function timeCli(args, env, input, script = cliMain) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    // e.g. BENCH_CLI_NODE_ARGS=--cpu-prof to profile the CLI.
    const nodeArgs = (process.env.BENCH_CLI_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const child = execFile(
      process.execPath,
      [...nodeArgs, script, ...args],
      { env, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const ms = performance.now() - started;
        if (error) reject(new Error(`dealdesk ${args.join(' ')} failed:\n${stderr}`));
        else resolve({ ms, stdout });
      },
    );
    child.stdin.end(input ?? '');
  });
}

/** The mailed sign-in code: the newest .eml in the outbox. */
function outboxCode(dataDir) {
  const outbox = join(dataDir, 'outbox');
  const newest = readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .at(-1);
  return / is (\d{6})\./.exec(readFileSync(join(outbox, newest), 'utf8'))?.[1];
}

export async function apiToken(url, env) {
  let token = null;
  const api = createApiClient({
    baseUrl: url,
    apiKey: env.DEALDESK_API_KEY,
    secret: env.DEALDESK_SECRET,
    token: () => token,
  });
  token = (await api.admin.login({ a_id: 'admin', a_password: env.DEALDESK_ADMIN_PASSWORD })).token;
  token = (await api.admin.loginOtp({ otp: outboxCode(env.DEALDESK_DATA_DIR) })).token;
  return { api, token: (await api.admin.createToken({ name: 'bench' })).token };
}

export const png = () => {
  const data = new Uint8Array(128);
  data.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  data.set([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0], 16);
  return { name: 'bench.png', type: 'image/png', data };
};

/** What a cron job has: the server's address, its keys and an API token. */
export function cliEnvironment(serverUrl, env, token) {
  return {
    PATH: process.env.PATH,
    HOME: env.DEALDESK_DATA_DIR,
    XDG_CONFIG_HOME: env.DEALDESK_DATA_DIR,
    DEALDESK_URL: serverUrl,
    DEALDESK_API_KEY: env.DEALDESK_API_KEY,
    DEALDESK_SECRET: env.DEALDESK_SECRET,
    DEALDESK_TOKEN: token,
  };
}

/** A product as a shop's feed would have it: two images, sizes and a few specifications. */
export function catalogueRow(index, category, subcategory) {
  return {
    title: `Handloom cotton kurta ${index}`,
    price: 499 + (index % 500),
    og_price: 999 + (index % 500),
    rating: '4.3',
    ratingsAndReviews: '1,204 ratings & 98 reviews',
    deliveryInfo: 'Free delivery in 3 days',
    availableSizes: ['S', 'M', 'L'],
    specifications: { Brand: 'Weavers Co', Fabric: 'Cotton', Fit: 'Regular', Pattern: 'Solid' },
    og_url: `https://shop.example.com/kurta/${index}`,
    category,
    subcategory,
    events: index % 10 === 0 ? 'Trending' : 'None',
    images: [
      `https://cdn.shop.example.com/kurta/${index}/1.jpg`,
      `https://cdn.shop.example.com/kurta/${index}/2.jpg`,
    ],
  };
}

/** The category and subcategory the imported kurtas go in (Kurtas / Cotton). */
export async function kurtaSubcategory(api) {
  const check = (answer) => {
    if (!answer.status) throw new Error(answer.message);
    return answer;
  };
  check(await api.categories.add({ name: 'Kurtas', image: png(), bg_image: png() }));
  const category = check(await api.categories.list()).data.find((item) => item.name === 'Kurtas');
  check(await api.subcategories.add({ name: 'Cotton', categoryId: category._id, image: png() }));
  const subcategory = check(await api.subcategories.byCategory({ id: category._id })).data[0];
  return { category, subcategory };
}
