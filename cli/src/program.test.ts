// The command tree as a whole: help, usage errors and global options, in process.
import { describe, expect, it } from 'vitest';
import { cliAgainstTestServer } from './testing/fake-api.js';

const { dealdesk, server } = cliAgainstTestServer();

describe('the command tree', () => {
  it('lists every command with its description on --help, and exits 0', async () => {
    const help = await dealdesk(['--help']);
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toContain('Usage: dealdesk');
    for (const name of ['login', 'config', 'token', 'products', 'events', 'notify', 'analytics'])
      expect(help.stdout).toMatch(new RegExp(`^  ${name}[ |]`, 'm'));
    expect(help.stdout).toContain('Exit codes: 0 ok');
  });

  it('answers to `tokens` as to `token` (issue 39 spells it so)', async () => {
    const create = await dealdesk(['tokens', 'create', '--help']);
    expect(create.exitCode).toBe(0);
    expect(create.stdout).toContain('--read-only');
  });

  it("shows a command's own verbs and flags, declared in its module", async () => {
    const products = await dealdesk(['help', 'products']);
    expect(products.stdout).toMatch(/list \[options\]\s+a page of products/);
    const list = await dealdesk(['products', 'list', '--help']);
    expect(list.stdout).toContain('--limit <n>');
    expect(list.stdout).toContain('(default: 100)');
  });

  it('answers usage errors with exit 2 on stderr, before anything is sent', async () => {
    const before = server().calls.length;
    const wrong = await dealdesk(['products', 'list', '--page', 'zero']);
    expect(wrong.exitCode).toBe(2);
    expect(wrong.stderr).toContain('expected a whole number');
    const unknown = await dealdesk(['prodcts', 'list']);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain("unknown command 'prodcts'");
    expect(unknown.stderr).toContain('products');
    expect(server().calls).toHaveLength(before);
  });

  it('takes global options after the command too', async () => {
    server().replyTo('GET /api/admin/tokens', {
      payload: { status: true, message: 'API tokens', data: [] },
    });
    const result = await dealdesk(['token', 'list', '--json']);
    expect(result).toMatchObject({ exitCode: 0, stderr: '' });
    expect(JSON.parse(result.stdout)).toEqual({ status: true, data: [] });
  });

  it('reports an unreachable server as exit 1 with the address it tried', async () => {
    const result = await dealdesk(['token', 'list'], '', { DEALDESK_URL: 'http://127.0.0.1:9' });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('127.0.0.1:9');
  });

  it('answers every usage error as JSON on stdout with --json anywhere, still exit 2', async () => {
    const before = server().calls.length;
    const cases: [string[], string][] = [
      [['--json', 'products', 'list', '--frob'], "unknown option '--frob'"],
      [['notify', 'send', '--title', 'Sale', '--json'], "required option '--message <text>'"],
      [['--json', 'prodcts'], "unknown command 'prodcts' (Did you mean products?)"],
      [['products', 'show', '--json'], "missing required argument 'id'"],
      [['products', 'list', '--json', '--page', 'zero'], 'expected a whole number'],
      [['--json', 'products'], 'A command is missing'],
      [['--json', '--timeout', 'soon', 'load'], 'expected a number of seconds'],
    ];
    for (const [args, message] of cases) {
      const result = await dealdesk(args);
      expect(result, args.join(' ')).toMatchObject({ exitCode: 2 });
      expect(JSON.parse(result.stdout), args.join(' ')).toEqual({
        status: false,
        message: expect.stringContaining(message) as string,
      });
      expect(result.stdout.trim().split('\n')).toHaveLength(1);
    }
    // After `--` it is an argument, not the flag.
    expect((await dealdesk(['products', 'frob', '--', '--json'])).stdout).toBe('');
    expect(server().calls).toHaveLength(before);
  });

  it('takes --timeout (seconds) before or after the command, and refuses a bad DEALDESK_TIMEOUT', async () => {
    server().replyTo('GET /api/admin/tokens', {
      payload: { status: true, message: 'API tokens', data: [] },
    });
    expect((await dealdesk(['--timeout', '5', 'token', 'list'])).exitCode).toBe(0);
    expect((await dealdesk(['token', 'list', '--timeout', '0.5'])).exitCode).toBe(0);
    const zero = await dealdesk(['token', 'list', '--timeout', '0']);
    expect(zero.exitCode).toBe(2);
    expect(zero.stderr).toContain('expected a number of seconds above 0');
    const variable = await dealdesk(['token', 'list'], '', { DEALDESK_TIMEOUT: 'soon' });
    expect(variable.exitCode).toBe(2);
    expect(variable.stderr).toContain('DEALDESK_TIMEOUT=soon');
  });
});
