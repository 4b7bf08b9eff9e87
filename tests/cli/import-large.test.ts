// A large file is checked a part a core by the BUILT CLI (worker threads start from its built
// files; in process, from source, the same check runs on one thread): every refused row is
// named at its line in the file, in whichever part it fell, and nothing is sent.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCli, jsonOf, runBuiltCli } from './support.js';

const rows = 12_000;
/** Refused rows: either side of the middle (where two parts meet) and at both ends. */
const refused = [1, 3, 5_999, 6_000, 6_001, 11_999, 12_000];

describe('dealdesk products import of a large file', () => {
  let path = '';
  beforeAll(async () => {
    buildCli();
    const lines = Array.from({ length: rows }, (_, index) => {
      const line = index + 1;
      return JSON.stringify({
        title: `Large file kurta ${line}`,
        price: refused.includes(line) ? -1 : 499,
        og_price: 999,
        og_url: `https://shop.example.com/large/${line}`,
        category: '0123456789abcdef01234567',
        subcategory: '0123456789abcdef01234568',
        images: [`https://cdn.example.com/large/${line}.jpg`],
        specifications: { Brand: 'Weavers Co', Fabric: 'Cotton' },
      });
    });
    path = join(await mkdtemp(join(tmpdir(), 'dealdesk-large-')), 'large.jsonl');
    await writeFile(path, `${lines.join('\n')}\n`);
  });

  it('names every refused line, and sends nothing on a dry run', async () => {
    // No server listens at this address: a dry run never calls one.
    const run = await runBuiltCli(['--json', 'products', 'import', path, '--dry-run'], {
      PATH: process.env['PATH'],
      DEALDESK_URL: 'http://127.0.0.1:9',
      DEALDESK_API_KEY: 'key',
      DEALDESK_SECRET: '0'.repeat(64),
    });
    expect(run.code).toBe(1);
    expect(jsonOf(run)).toEqual({
      status: false,
      dryRun: true,
      rows,
      valid: rows - refused.length,
      failures: refused.map((line) => ({ line, message: 'price: Price must be 0 or more' })),
    });
  });
});
