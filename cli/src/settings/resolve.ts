// Where each setting comes from: the environment wins over the profile, so a cron job can run
// with DEALDESK_* variables alone and never touch the file.
import { CliError, exitCodes } from '../exit.js';
import { defaultTimeoutSeconds, parseTimeout } from '../timeout.js';
import { readConfig, type ConfigFile, type Profile } from './store.js';

export const defaultServerUrl = 'http://127.0.0.1:8080';

export type Source = 'environment' | 'profile' | 'default';

export interface Setting {
  value: string;
  source: Source;
}

export interface Settings {
  profileName: string;
  profile: Profile;
  url: Setting;
  apiKey: Setting | null;
  secret: Setting | null;
  token: Setting | null;
  /** The server the profile's session was made for, when it is not this one (not sent). */
  sessionElsewhere: string | null;
}

export const environmentNames = {
  url: 'DEALDESK_URL',
  apiKey: 'DEALDESK_API_KEY',
  secret: 'DEALDESK_SECRET',
  token: 'DEALDESK_TOKEN',
  profile: 'DEALDESK_PROFILE',
  timeout: 'DEALDESK_TIMEOUT',
} as const;

/** The seconds every call may take: --timeout, then DEALDESK_TIMEOUT, then 30. */
export function timeoutSeconds(flag: number | undefined, env: NodeJS.ProcessEnv): number {
  if (flag !== undefined) return flag;
  const fromEnv = env[environmentNames.timeout];
  if (fromEnv === undefined || fromEnv === '') return defaultTimeoutSeconds;
  const seconds = parseTimeout(fromEnv);
  if (typeof seconds === 'string')
    throw new CliError(`${environmentNames.timeout}=${fromEnv}: ${seconds}`, exitCodes.usage);
  return seconds;
}

function pick(fromEnv: string | undefined, fromProfile: string | undefined): Setting | null {
  if (fromEnv !== undefined && fromEnv !== '') return { value: fromEnv, source: 'environment' };
  if (fromProfile !== undefined && fromProfile !== '')
    return { value: fromProfile, source: 'profile' };
  return null;
}

/** --profile, then DEALDESK_PROFILE, then the file's current profile. */
export function profileNameOf(
  config: ConfigFile,
  flag: string | undefined,
  env: NodeJS.ProcessEnv,
): string {
  return flag ?? env[environmentNames.profile] ?? config.currentProfile;
}

/**
 * The profile to read: a name asked for (--profile, DEALDESK_PROFILE) that the file lacks is a
 * usage error naming it, as kubectl's unknown context is, never an empty profile's defaults.
 */
function knownProfileName(
  config: ConfigFile,
  flag: string | undefined,
  env: NodeJS.ProcessEnv,
): string {
  const name = profileNameOf(config, flag, env);
  if (name in config.profiles || name === config.currentProfile) return name;
  throw noSuchProfile(config, name, flag === undefined ? environmentNames.profile : '--profile');
}

/** A profile the file lacks, named with where the name came from and the profiles there are. */
export function noSuchProfile(config: ConfigFile, name: string, from?: string): CliError {
  const existing = Object.keys(config.profiles);
  return new CliError(
    `No profile ${name}${from === undefined ? '' : ` (${from})`}: create it with \`dealdesk config use ${name} --create\`` +
      (existing.length === 0
        ? ' (there are no profiles yet)'
        : ` (profiles: ${existing.join(', ')})`),
    exitCodes.usage,
  );
}

/** The server: DEALDESK_URL, then the profile's url, then the default. */
export const serverUrlOf = (profile: Profile, env: NodeJS.ProcessEnv): Setting =>
  pick(env[environmentNames.url], profile.url) ?? { value: defaultServerUrl, source: 'default' };

/** The server a profile's token was made for (saved before tokens said theirs: the profile's). */
export const tokenServerOf = (profile: Profile) =>
  profile.tokenUrl ?? profile.url ?? defaultServerUrl;

/** Two spellings of one server URL (a trailing slash or not). */
export const sameServer = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

export function resolveSettings(
  config: ConfigFile,
  flag: string | undefined,
  env: NodeJS.ProcessEnv,
): Settings {
  const profileName = knownProfileName(config, flag, env);
  const profile = config.profiles[profileName] ?? {};
  const url = serverUrlOf(profile, env);
  // A saved session goes to the server it was made for only, never to another named by
  // DEALDESK_URL or a new url.
  const madeFor = tokenServerOf(profile);
  const elsewhere = profile.token !== undefined && !sameServer(madeFor, url.value);
  return {
    profileName,
    profile,
    url,
    apiKey: pick(env[environmentNames.apiKey], profile.apiKey),
    secret: pick(env[environmentNames.secret], profile.secret),
    token: pick(env[environmentNames.token], elsewhere ? undefined : profile.token),
    sessionElsewhere: elsewhere ? madeFor : null,
  };
}

const isHttpUrl = (value: string) => {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};

/** A server URL that cannot be one is a usage error naming where it was set, not "cannot reach". */
export function checkServerUrl(settings: Settings): Settings {
  const { url, profileName } = settings;
  if (isHttpUrl(url.value)) return settings;
  throw new CliError(
    url.source === 'environment'
      ? `${environmentNames.url} is not a valid http(s) URL: ${url.value}`
      : `The url of profile ${profileName} is not a valid http(s) URL: ${url.value} (fix it with \`dealdesk config set url <url>\`)`,
    exitCodes.usage,
  );
}

/** The settings a call to the server uses, with the server URL checked. */
export async function loadSettings(
  flag: string | undefined,
  env: NodeJS.ProcessEnv,
): Promise<Settings> {
  return checkServerUrl(resolveSettings(await readConfig(env), flag, env));
}

/** The API key and secret every call needs; a clear usage error when either is missing. */
export function requireKeys(settings: Settings): { apiKey: string; secret: string } {
  const missing = (name: string, key: string, variable: string) =>
    new CliError(
      `No ${name} for profile "${settings.profileName}": run \`dealdesk config set ${key} <value>\` or set ${variable}`,
      exitCodes.usage,
    );
  if (settings.apiKey === null) throw missing('API key', 'api-key', environmentNames.apiKey);
  if (settings.secret === null) throw missing('envelope secret', 'secret', environmentNames.secret);
  return { apiKey: settings.apiKey.value, secret: settings.secret.value };
}
