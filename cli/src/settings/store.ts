// The config file: named profiles, each with a server, its keys and the saved sign-in. It holds
// secrets, so the folder is 0700 and the file 0600, whatever the umask.
import { chmod, mkdir, open, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { CliError, exitCodes } from '../exit.js';

export interface Profile {
  url?: string;
  apiKey?: string;
  secret?: string;
  /** The session token of `dealdesk login`, or an API token saved with `config set token`. */
  token?: string;
  /** Who signed in (shown by whoami and config show). */
  adminId?: string;
  /** The server the token was made or saved for: it is never sent to another. */
  tokenUrl?: string;
}

export interface ConfigFile {
  currentProfile: string;
  profiles: Record<string, Profile>;
}

export const defaultProfileName = 'default';

/** $XDG_CONFIG_HOME/dealdesk, or ~/.config/dealdesk (the XDG base directory rules ignore a relative path). */
export function configDir(env: NodeJS.ProcessEnv): string {
  const xdg = env['XDG_CONFIG_HOME'];
  const base = xdg !== undefined && isAbsolute(xdg) ? xdg : join(homedir(), '.config');
  return join(base, 'dealdesk');
}

export const configPath = (env: NodeJS.ProcessEnv) => join(configDir(env), 'config.json');

const emptyConfig = (): ConfigFile => ({ currentProfile: defaultProfileName, profiles: {} });

function isConfigFile(value: unknown): value is ConfigFile {
  if (typeof value !== 'object' || value === null) return false;
  const { currentProfile, profiles } = value as Partial<ConfigFile>;
  return typeof currentProfile === 'string' && typeof profiles === 'object' && profiles !== null;
}

export async function readConfig(env: NodeJS.ProcessEnv): Promise<ConfigFile> {
  const path = configPath(env);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptyConfig();
    throw error;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (isConfigFile(parsed)) return parsed;
  } catch {
    // Reported below with the file's path.
  }
  throw new CliError(`${path} is not a dealdesk config file: fix or delete it`, exitCodes.usage);
}

/** Writes the whole file: a temporary file (0600) in the same folder, then renamed over it. */
async function writeConfigFile(env: NodeJS.ProcessEnv, config: ConfigFile): Promise<void> {
  const path = configPath(env);
  // Written beside and renamed, so a crash never leaves half a file and a reader never sees one.
  const next = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await writeFile(next, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    await chmod(next, 0o600);
    await rename(next, path);
  } catch (error) {
    await unlink(next).catch(() => {});
    throw error;
  }
}

async function prepareDir(env: NodeJS.ProcessEnv): Promise<void> {
  const dir = configDir(env);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // mkdir leaves an existing folder as it was: tighten it as well.
  await chmod(dir, 0o700);
}

/** A lock older than this was left by a process that died: it is taken over. */
const staleLockMs = 10_000;
/** How long to wait for another dealdesk to finish with the file. */
const lockWaitMs = 8_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` holding the config file's lock (config.json.lock, created exclusively), so two
 * dealdesk processes changing the file at once do not lose each other's changes.
 */
async function withConfigLock<T>(env: NodeJS.ProcessEnv, work: () => Promise<T>): Promise<T> {
  await prepareDir(env);
  const lock = `${configPath(env)}.lock`;
  const deadline = Date.now() + lockWaitMs;
  for (let attempt = 0; ; attempt += 1) {
    try {
      const handle = await open(lock, 'wx', 0o600);
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = await stat(lock).then(
        (info) => Date.now() - info.mtimeMs,
        () => 0,
      );
      if (age > staleLockMs) {
        await unlink(lock).catch(() => {});
        continue;
      }
      if (Date.now() > deadline)
        throw new CliError(
          `${lock} is held by another dealdesk: try again, or delete it if no dealdesk is running`,
          exitCodes.failed,
        );
      await sleep(Math.min(10 * 2 ** attempt, 200) * (0.5 + Math.random()));
    }
  }
  try {
    return await work();
  } finally {
    await unlink(lock).catch(() => {});
  }
}

/**
 * Reads the file, lets `change` edit it in place and writes it back, all under the lock, so
 * concurrent changes merge. A `change` that throws leaves the file as it was.
 */
export async function updateConfig(
  env: NodeJS.ProcessEnv,
  change: (config: ConfigFile) => void,
): Promise<ConfigFile> {
  return withConfigLock(env, async () => {
    const config = await readConfig(env);
    change(config);
    await writeConfigFile(env, config);
    return config;
  });
}

/** Reads, changes one profile, writes back, all under the lock. */
export async function updateProfile(
  env: NodeJS.ProcessEnv,
  name: string,
  change: (profile: Profile) => Profile,
): Promise<void> {
  await updateConfig(env, (config) => {
    config.profiles[name] = change(config.profiles[name] ?? {});
  });
}
