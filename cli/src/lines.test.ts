import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exitCodes } from './exit.js';
import { listedInputs, listedLines, readLines } from './lines.js';

describe('listed lines', () => {
  it('trims, drops blank lines and # comments, reads CRLF files', () => {
    expect(listedLines('  https://a.test/1 \r\n\r\n# later\nhttps://a.test/2\n   \n')).toEqual([
      'https://a.test/1',
      'https://a.test/2',
    ]);
  });

  it('reads a file, arguments first, and says which file it cannot read (usage)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dealdesk-lines-'));
    const file = join(dir, 'urls.txt');
    await writeFile(file, 'https://a.test/2\nhttps://a.test/3\n');
    expect(await readLines(file, process.stdin)).toEqual(['https://a.test/2', 'https://a.test/3']);
    expect(await listedInputs(['https://a.test/1'], file, process.stdin)).toEqual([
      'https://a.test/1',
      'https://a.test/2',
      'https://a.test/3',
    ]);
    await expect(readLines(join(dir, 'missing.txt'), process.stdin)).rejects.toMatchObject({
      exitCode: exitCodes.usage,
      message: expect.stringContaining('missing.txt'),
    });
  });
});
