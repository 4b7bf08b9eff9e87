// `dealdesk completion <shell>`: scripts made from the command tree, checked in a real bash, zsh
// and fish (scripts/ensure-shells.mjs installs the last two for `npm test`).
import { execFileSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliAgainstTestServer } from '../testing/fake-api.js';

const { dealdesk } = cliAgainstTestServer();

/** The script, saved where a shell can read it. */
async function saved(script: string): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), 'dealdesk-completion-')), 'dealdesk.sh');
  await writeFile(file, script);
  return file;
}

/** Runs the completion function of a bash or zsh script for `words` (the last under the cursor). */
const bashCall = (words: string[]) =>
  `COMP_WORDS=(${words.map((word) => `'${word}'`).join(' ')}); COMP_CWORD=${words.length - 1}; ` +
  `COMP_LINE="\${COMP_WORDS[*]}"; COMP_POINT=\${#COMP_LINE}; ` +
  `_dealdesk_completion; printf '%s\\n' "\${COMPREPLY[@]}"`;

/** The commands each shell runs to list what it completes for `words`; $1 is the script. */
const shellRuns: Record<'bash' | 'zsh' | 'fish', (words: string[]) => string[]> = {
  bash: (words) => ['--norc', '--noprofile', '-c', `source "$1"; ${bashCall(words)}`, 'bash'],
  // As zsh's bashcompinit calls a bash completion function: in its sh emulation.
  zsh: (words) => [
    '-f',
    '-c',
    'autoload -U +X compinit && compinit -u; source "$1"; ' +
      `emulate -L sh; setopt kshglob noshglob braceexpand; ${bashCall(words)}`,
    'zsh',
  ],
  // fish completes a command line itself (complete -C); a candidate's description follows a tab.
  fish: (words) => [
    '-N',
    '-c',
    `source $argv[1]; complete -C '${words.join(' ')}' | string replace -r '\\t.*' ''`,
  ],
};

/** What `shell` completes for `words` (the last being the word under the cursor). */
async function completeIn(
  shell: keyof typeof shellRuns,
  script: string,
  words: string[],
): Promise<string[]> {
  const file = await saved(script);
  const out = execFileSync(shell, [...shellRuns[shell](words), file], { encoding: 'utf8' });
  return out.split('\n').filter((line) => line !== '');
}

const complete = (script: string, words: string[]) => completeIn('bash', script, words);

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

  it('zsh: the same completion through bashcompinit, in a real zsh', async () => {
    const result = await dealdesk(['completion', 'zsh']);
    expect(result).toMatchObject({ exitCode: 0, stderr: '' });
    // zsh filters the candidates by the typed word itself (its compgen leaves them whole).
    const candidates = async (words: string[]) =>
      (await completeIn('zsh', result.stdout, words)).filter((word) => !word.startsWith('-'));
    expect(await candidates(['dealdesk', 'pro'])).toContain('products');
    expect((await candidates(['dealdesk', 'products', ''])).sort()).toEqual([
      'delete',
      'export',
      'help',
      'import',
      'list',
      'scrape',
      'show',
    ]);
    expect(await completeIn('zsh', result.stdout, ['dealdesk', 'notify', 'send', '--t'])).toContain(
      '--title',
    );
    expect(
      await completeIn('zsh', result.stdout, ['dealdesk', 'products', 'list', '--search', 'p']),
    ).toEqual([]);
  });

  it('fish: completes commands, subcommands and options in a real fish', async () => {
    const result = await dealdesk(['completion', 'fish']);
    expect(result).toMatchObject({ exitCode: 0, stderr: '' });
    const script = result.stdout;
    expect(await completeIn('fish', script, ['dealdesk', 'pro'])).toEqual(['products']);
    expect(
      (await completeIn('fish', script, ['dealdesk', 'products', '']))
        .filter((word) => !word.startsWith('-'))
        .sort(),
    ).toEqual(['delete', 'export', 'help', 'import', 'list', 'scrape', 'show']);
    expect(await completeIn('fish', script, ['dealdesk', 'products', 'list', '--lim'])).toEqual([
      '--limit',
    ]);
    expect(await completeIn('fish', script, ['dealdesk', 'notify', 'send', '--tit'])).toEqual([
      '--title',
    ]);
  });

  it('refuses another shell (exit 2) and tells how to install in its help', async () => {
    expect((await dealdesk(['completion', 'tcsh'])).exitCode).toBe(2);
    const help = await dealdesk(['help', 'completion']);
    expect(help.stdout).toContain('Install');
    expect(help.stdout).toContain('~/.local/share/bash-completion/completions/dealdesk');
  });
});
