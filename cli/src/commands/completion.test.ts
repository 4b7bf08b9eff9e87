// `dealdesk completion <shell>`: scripts made from the command tree, checked in a real bash.
import { execFileSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliAgainstTestServer } from '../testing/fake-api.js';

const { dealdesk } = cliAgainstTestServer();

/** What bash completes for `words` (the last being the word under the cursor). */
async function complete(script: string, words: string[]): Promise<string[]> {
  const folder = await mkdtemp(join(tmpdir(), 'dealdesk-completion-'));
  const file = join(folder, 'dealdesk.bash');
  await writeFile(file, script);
  const quoted = words.map((word) => `'${word}'`).join(' ');
  const out = execFileSync(
    'bash',
    [
      '--norc',
      '--noprofile',
      '-c',
      `source "$1"; COMP_WORDS=(${quoted}); COMP_CWORD=${words.length - 1}; ` +
        `COMP_LINE="\${COMP_WORDS[*]}"; COMP_POINT=\${#COMP_LINE}; ` +
        `_dealdesk_completion; printf '%s\\n' "\${COMPREPLY[@]}"`,
      'bash',
      file,
    ],
    { encoding: 'utf8' },
  );
  return out.split('\n').filter((line) => line !== '');
}

describe('completion', () => {
  it('bash: completes commands, subcommands and options from the command tree', async () => {
    const result = await dealdesk(['completion', 'bash']);
    expect(result).toMatchObject({ exitCode: 0, stderr: '' });
    const script = result.stdout;
    expect(await complete(script, ['dealdesk', 'pro'])).toEqual(['products']);
    expect(
      (await complete(script, ['dealdesk', 'products', '']))
        .filter((w) => !w.startsWith('-'))
        .sort(),
    ).toEqual(['delete', 'export', 'help', 'import', 'list', 'scrape', 'show']);
    expect(await complete(script, ['dealdesk', '--profile', 'x', 'products', 'li'])).toEqual([
      'list',
    ]);
    expect(await complete(script, ['dealdesk', 'products', 'list', '--lim'])).toEqual(['--limit']);
    expect(await complete(script, ['dealdesk', 'notify', 'send', '--tit'])).toEqual(['--title']);
    // A value is no place for commands (bash falls back to file names).
    expect(await complete(script, ['dealdesk', 'products', 'list', '--search', 'pro'])).toEqual([]);
    expect(
      await complete(script, ['dealdesk', 'products', 'list', '--search', 'x', '--li']),
    ).toEqual(['--limit']);
  });

  it('zsh and fish: scripts of the same tree', async () => {
    const zsh = await dealdesk(['completion', 'zsh']);
    expect(zsh.exitCode).toBe(0);
    expect(zsh.stdout).toContain('bashcompinit');
    expect(zsh.stdout).toContain("'products list'");
    const fish = await dealdesk(['completion', 'fish']);
    expect(fish.exitCode).toBe(0);
    expect(fish.stdout).toMatch(/complete -c dealdesk -n '__fish_use_subcommand' -a 'products'/);
    expect(fish.stdout).toContain("-a 'list'");
    expect(fish.stdout).toContain('-l limit -r');
  });

  it('refuses another shell (exit 2) and tells how to install in its help', async () => {
    expect((await dealdesk(['completion', 'tcsh'])).exitCode).toBe(2);
    const help = await dealdesk(['help', 'completion']);
    expect(help.stdout).toContain('Install');
    expect(help.stdout).toContain('~/.local/share/bash-completion/completions/dealdesk');
  });
});
