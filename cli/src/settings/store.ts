// The config file: named profiles, each with a server, its keys and the saved sign-in. It holds
// secrets, so the folder is 0700 and the file 0600, whatever the umask.
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
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

export async function writeConfig(env: NodeJS.ProcessEnv, config: ConfigFile): Promise<void> {
  const dir = configDir(env);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // mkdir leaves an existing folder as it was: tighten it as well.
  await chmod(dir, 0o700);
  const path = configPath(env);
  // Written beside and renamed, so a crash never leaves half a file.
  const next = `${path}.${process.pid}.tmp`;
  await writeFile(next, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  await chmod(next, 0o600);
  await rename(next, path);
}

/** Reads, changes one profile, writes back. */
export async function updateProfile(
  env: NodeJS.ProcessEnv,
  name: string,
  change: (profile: Profile) => Profile,
): Promise<void> {
  const config = await readConfig(env);
  config.profiles[name] = change(config.profiles[name] ?? {});
  await writeConfig(env, config);
}
