import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { cliVersion } from './version.js';

describe('cliVersion', () => {
  it("is package.json's version", async () => {
    const manifest = JSON.parse(
      await readFile(new URL('../package.json', import.meta.url), 'utf8'),
    ) as { version: string };
    expect(cliVersion).toBe(manifest.version);
  });
});
