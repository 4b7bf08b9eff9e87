// `-o <file>` of every command that writes a file (products export, audit list, notify history,
// analytics show), the built CLI against a real server: a device, a FIFO and a symlink stay what
// they were and get the data; a regular file is replaced whole with its mode kept; a directory is
// refused (exit 2) and a full device fails in one line (exit 1), untouched.
import { execFileSync, spawn } from 'node:child_process';
import {
  chmod,
  lstat,
  mkdir,
  mkdtemp,
  readFile,
  readdir,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCategory,
  addSubcategory,
  freshDatabase,
  productData,
  signedInClient,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '@dealdesk/server/testing';
import { buildCli, freshConfigHome, runBuiltCli, serverEnv } from './support.js';

let database: TestDatabase;
let server: TestServer;
let env: NodeJS.ProcessEnv;
let folder: string;

beforeAll(async () => {
  buildCli();
  database = await freshDatabase('sqlite');
  server = await startTestServer(testConfig(database));
  const api = await signedInClient(server);
  const subcategory = await addSubcategory(api, await addCategory(api));
  const added = await api.products.create({
    productData: productData(subcategory, { title: 'Woven basket' }),
    imageUrls: ['https://cdn.example.com/a.jpg'],
  });
  if (!added.status) throw new Error(added.message);
  const { token } = await api.admin.createToken({ name: 'output e2e' });
  env = { ...serverEnv(server, await freshConfigHome()), DEALDESK_TOKEN: token ?? '' };
  folder = await mkdtemp(join(tmpdir(), 'dealdesk-output-'));
});
afterAll(async () => {
  await server.close();
  await database.drop();
});

/** The commands with -o, each writing a file whose text `expected` finds. */
const writers: [string[], string][] = [
  [['products', 'export'], 'Woven basket'],
  [['audit', 'list', '--format', 'csv'], 'Woven basket'],
  [['notify', 'history', '--format', 'csv'], 'title'],
  [['analytics', 'show', '--range', 'today', '--format', 'csv'], 'view'],
];

/** What a path is: its kind by lstat (a link is not followed). */
async function kindOf(path: string): Promise<string> {
  const found = await lstat(path);
  if (found.isSymbolicLink()) return 'symlink';
  if (found.isCharacterDevice()) return 'character device';
  if (found.isFIFO()) return 'fifo';
  if (found.isDirectory()) return 'directory';
  return found.isFile() ? 'file' : 'other';
}

describe('-o never replaces what it names', () => {
  it.each(writers)(
    '%j writes into a FIFO, through a symlink, and over a file keeping its mode',
    async (args, expected) => {
      const name = args.join('-');
      // A FIFO with a reader: the CLI writes into it, the reader gets the data.
      const fifo = join(folder, `${name}.fifo`);
      execFileSync('mknod', [fifo, 'p']);
      const reader = spawn('cat', [fifo]);
      let read = '';
      reader.stdout.on('data', (chunk: Buffer) => (read += chunk.toString()));
      const readerDone = new Promise((resolve) => reader.on('close', resolve));
      const intoFifo = await runBuiltCli([...args, '-o', fifo], env);
      // A CLI that replaced the FIFO left its reader waiting.
      if (intoFifo.code !== 0 || (await kindOf(fifo)) !== 'fifo') reader.kill();
      expect(intoFifo.code, intoFifo.stderr).toBe(0);
      await readerDone;
      expect(read).toContain(expected);
      expect(await kindOf(fifo)).toBe('fifo');

      // A symlink to a regular file of mode 0640: the target is replaced whole, the link stays.
      const target = join(folder, `${name}.csv`);
      await writeFile(target, 'old');
      await chmod(target, 0o640);
      const link = join(folder, `${name}.link`);
      await symlink(target, link);
      const throughLink = await runBuiltCli([...args, '-o', link], env);
      expect(throughLink.code, throughLink.stderr).toBe(0);
      expect(await kindOf(link)).toBe('symlink');
      expect(await readFile(target, 'utf8')).toContain(expected);
      expect((await stat(target)).mode & 0o777).toBe(0o640);
      expect((await readdir(folder)).filter((file) => file.endsWith('.part'))).toEqual([]);
    },
  );

  it('writes into a character device and a symlink to one, which stay what they were', async () => {
    const device = join(folder, 'null');
    // /dev/null's numbers (we run as root); the data reaches the device, which keeps none.
    execFileSync('mknod', [device, 'c', '1', '3']);
    await chmod(device, 0o666);
    const link = join(folder, 'null.link');
    await symlink(device, link);
    for (const path of [device, link]) {
      const run = await runBuiltCli(['products', 'export', '-o', path], env);
      expect(run.code, run.stderr).toBe(0);
    }
    expect(await kindOf(device)).toBe('character device');
    expect(await kindOf(link)).toBe('symlink');
  });

  it('fails on a full device in one line on stderr (exit 1), leaving the device', async () => {
    // /dev/full's numbers in the test's folder: a CLI that replaced it never harms the machine.
    const full = join(folder, 'full');
    execFileSync('mknod', [full, 'c', '1', '7']);
    const run = await runBuiltCli(['products', 'export', '-o', full], env);
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringContaining(`Cannot write to ${full}: ENOSPC`),
    ]);
    expect(await kindOf(full)).toBe('character device');
  });

  it('refuses a directory (exit 2), writing nothing in it', async () => {
    const directory = join(folder, 'a-folder');
    await mkdir(directory);
    const run = await runBuiltCli(['products', 'export', '-o', directory], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${directory} is a directory`);
    expect(await readdir(directory)).toEqual([]);
    expect(await kindOf(directory)).toBe('directory');
  });
});
