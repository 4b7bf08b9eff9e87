// Help for people: two-level `help`, and an example in every leaf command's help.
import { describe, expect, it } from 'vitest';
import { cliAgainstTestServer } from './testing/fake-api.js';
import { run } from './program.js';
import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';

const { dealdesk } = cliAgainstTestServer();

describe('help', () => {
  it("`help <command> <subcommand>` shows the subcommand's help", async () => {
    const result = await dealdesk(['help', 'products', 'list']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('Usage: dealdesk products list');
    expect(result.stdout).toContain('--limit <n>');
    const global = await dealdesk(['--no-color', 'help', 'config', 'set']);
    expect(global.stdout).toContain('Usage: dealdesk config set');
  });

  it('has an Examples block after the options of every leaf command', async () => {
    // The whole tree, as the completion script sees it: a leaf offers no subcommand.
    const stdout = new PassThrough();
    const stdin = new PassThrough();
    stdin.end();
    await run(['node', 'dealdesk', 'completion', 'bash'], {
      streams: { stdin, stdout, stderr: new PassThrough() },
      env: {},
    });
    stdout.end();
    const script = await text(stdout);
    const leaves = [...script.matchAll(/^ {4}'([a-z ]+)'\) words='([^']*)'/gm)]
      .filter(([, , words]) => !(words ?? '').split(' ').some((word) => /^[a-z]/.test(word)))
      .map(([, path]) => path ?? '');
    expect(leaves).toContain('products list');
    expect(leaves.length).toBeGreaterThan(25);
    for (const path of leaves) {
      const help = await dealdesk(['help', ...path.split(' ')]);
      expect(help.stdout, path).toMatch(
        /\n {2}-h, --help[^\n]*\n[\s\S]*\nExamples:\n {2}dealdesk /,
      );
    }
  });
});
