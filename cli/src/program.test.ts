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
      expect(help.stdout).toMatch(new RegExp(`^  ${name} `, 'm'));
    expect(help.stdout).toContain('Exit codes: 0 ok');
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
    expect(JSON.parse(result.stdout)).toEqual([]);
  });

  it('reports an unreachable server as exit 1 with the address it tried', async () => {
    const result = await dealdesk(['token', 'list'], '', { DEALDESK_URL: 'http://127.0.0.1:9' });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('127.0.0.1:9');
  });
});
