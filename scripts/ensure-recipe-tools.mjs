// Makes sure the recipes of docs/app-api.md can run against a live server in the tests: python3
// with `cryptography` for the Python one, kotlinc (on the JDK) for the Kotlin one. Installs Debian's
// python3-cryptography and kotlin when missing and we are root; quick when they are there. Without
// them those tests are skipped, saying so.
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { aptInstall } from './apt.mjs';

const works = (command, args) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;

const tools = [
  {
    what: 'python3 with cryptography',
    ready: () => works('python3', ['-c', 'import cryptography']),
    packages: ['python3', 'python3-cryptography'],
  },
  { what: 'kotlinc', ready: () => works('kotlinc', ['-version']), packages: ['kotlin'] },
];

/** True when every recipe's tool runs, installing what is missing first if possible. */
export function ensureRecipeTools() {
  const missing = tools.filter((tool) => !tool.ready());
  if (missing.length === 0) return true;
  aptInstall(...missing.flatMap((tool) => tool.packages));
  const still = missing.filter((tool) => !tool.ready());
  for (const tool of still)
    console.error(
      `[dealdesk] ${tool.what} is missing and could not be installed (Debian: apt-get install ${tool.packages.join(' ')}, as root): its recipe test will be skipped.`,
    );
  return still.length === 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!ensureRecipeTools()) process.exit(1);
  console.log('[dealdesk] the recipes can run: python3 with cryptography, kotlinc');
}
