// Sign-in and reset codes as the admin receives them: the server writes every mail it sends
// to <data dir>/outbox/ as one .eml file, named in time order.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

const codePattern = / is (\d{6})\./;

async function mailFiles(outbox: string): Promise<string[]> {
  try {
    return (await readdir(outbox)).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
}

/**
 * Remembers the mails already there; `nextCode` then waits for a newer mail to `email` and
 * answers its code, so a test never reads the code of an earlier step.
 */
export async function watchMailbox(dataDir: string) {
  const outbox = join(dataDir, 'outbox');
  const seen = new Set(await mailFiles(outbox));
  return {
    async nextCode(email: string, timeoutMs = 10_000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        for (const name of await mailFiles(outbox)) {
          if (seen.has(name)) continue;
          const mail = await readFile(join(outbox, name), 'utf8');
          if (!new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'im').test(mail)) continue;
          seen.add(name);
          const code = codePattern.exec(mail)?.[1];
          if (code !== undefined) return code;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no new code mailed to ${email} within ${timeoutMs} ms`);
    },
  };
}
