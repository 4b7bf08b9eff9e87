// Help for people: two-level `help`, and an example in every leaf command's help.
import { describe, expect, it } from 'vitest';
import { cliAgainstTestServer } from './testing/fake-api.js';
import { run } from './program.js';
import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';

const { dealdesk } = cliAgainstTestServer();

/** The leaf commands, from the completion script of the whole tree (a leaf offers no subcommand). */
async function leafCommands(): Promise<string[]> {
  const stdout = new PassThrough();
  const stdin = new PassThrough();
  stdin.end();
  await run(['node', 'dealdesk', 'completion', 'bash'], {
    streams: { stdin, stdout, stderr: new PassThrough() },
    env: {},
  });
  stdout.end();
  const script = await text(stdout);
  return [...script.matchAll(/^ {4}'([a-z ]+)'\) words='([^']*)'/gm)]
    .filter(([, , words]) => !(words ?? '').split(' ').some((word) => /^[a-z]/.test(word)))
    .map(([, path]) => path ?? '');
}

/** A shell line's words, quotes removed (enough for the examples: no escapes inside quotes). */
const shellWords = (line: string) =>
  [...line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map(
    ([, single, double, bare]) => single ?? double ?? bare ?? '',
  );

/**
 * The dealdesk command lines of an example (`a | dealdesk x | dealdesk y > f`): the words after
 * each `dealdesk`, up to a redirection or the end of a process substitution; `<id>` is an id.
 */
function dealdeskLines(example: string): string[][] {
  return example.split(/\|\|?/).flatMap((segment) => {
    const words = shellWords(segment);
    const start = words.findIndex((word) => word.replace(/^<\(/, '') === 'dealdesk');
    if (start === -1) return [];
    const args: string[] = [];
    for (const word of words.slice(start + 1)) {
      if (word === '<id>') args.push('0123456789abcdef01234567');
      else if (/^[<>]|^2>/.test(word)) break;
      else args.push(word.replace(/\)$/, ''));
    }
    return [args];
  });
}

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
    const leaves = await leafCommands();
    expect(leaves).toContain('products list');
    expect(leaves.length).toBeGreaterThan(25);
    for (const path of leaves) {
      const help = await dealdesk(['help', ...path.split(' ')]);
      expect(help.stdout, path).toMatch(
        /\n {2}-h, --help[^\n]*\n[\s\S]*\nExamples:\n {2}dealdesk /,
      );
    }
  });

  it('shows examples that run as written: each command line of each example parses', async () => {
    const parsed: string[] = [];
    for (const path of await leafCommands()) {
      const help = (await dealdesk(['help', ...path.split(' ')])).stdout;
      const examples = help.slice(help.indexOf('\nExamples:\n') + 11).split('\n');
      for (const example of examples.map((line) => line.trim()).filter(Boolean))
        for (const args of dealdeskLines(example)) {
          const stderr = new PassThrough();
          const stdin = new PassThrough();
          stdin.end();
          const code = await run(['node', 'dealdesk', ...args], {
            streams: { stdin, stdout: new PassThrough(), stderr },
            env: {},
            parseOnly: true,
          });
          stderr.end();
          expect({ example, code, stderr: await text(stderr) }).toEqual({
            example,
            code: 0,
            stderr: '',
          });
          parsed.push(args.join(' '));
        }
    }
    expect(parsed).toContain('token create nightly --days 365');
    expect(parsed.length).toBeGreaterThan(50);
  });
});
