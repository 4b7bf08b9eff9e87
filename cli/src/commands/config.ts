import { createInterface } from 'node:readline';
import { Argument } from '@commander-js/extra-typings';
import { password } from '@inquirer/prompts';
import type { Declare } from '../command.js';
import type { Context } from '../context.js';
import { usageError } from '../exit.js';
import { renderTable } from '../terminal/table.js';
import {
  environmentNames,
  noSuchProfile,
  profileNameOf,
  resolveSettings,
  sameServer,
  serverUrlOf,
  tokenServerOf,
  type Setting,
} from '../settings/resolve.js';
import {
  configPath,
  readConfig,
  updateConfig,
  updateProfile,
  type Profile,
} from '../settings/store.js';

const profileKeys = { url: 'url', 'api-key': 'apiKey', secret: 'secret', token: 'token' } as const;
type SettingKey = keyof typeof profileKeys;
const settingKeys = Object.keys(profileKeys) as SettingKey[];

const secretKeys = new Set<keyof Profile>(['apiKey', 'secret', 'token']);

/** Enough of a secret to tell two apart, never enough to use it. */
const mask = (value: string) =>
  value.length <= 8 ? '********' : `${value.slice(0, 4)}…${value.slice(-2)}`;

function checkValue(key: SettingKey, value: string): string {
  const trimmed = value.trim();
  if (key === 'url') {
    let url: URL;
    try {
      url = new URL(trimmed);
    } catch {
      throw usageError(`Not a URL: ${value}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw usageError('The server URL must start with http:// or https://');
    return trimmed.replace(/\/+$/, '');
  }
  if (key === 'secret' && !/^[0-9a-fA-F]{64}$/.test(trimmed))
    throw usageError('The envelope secret is 64 hexadecimal characters (32 bytes)');
  if (trimmed === '') throw usageError(`Give a value for ${key}`);
  return trimmed;
}

async function currentProfileName(context: Context): Promise<string> {
  return profileNameOf(await readConfig(context.env), context.profile, context.env);
}

const secretSettings = new Set<SettingKey>(['api-key', 'secret', 'token']);

/** The first line of standard input, for `config set <key> -`. */
async function firstLine(stdin: Context['streams']['stdin'], setting: SettingKey): Promise<string> {
  const lines = createInterface({ input: stdin, terminal: false });
  try {
    for await (const line of lines) return line;
  } finally {
    lines.close();
    // A piped stdin left open would keep the process alive.
    stdin.destroy?.();
  }
  throw usageError(`Standard input ended before the value of ${setting}`);
}

/**
 * The value to save: the argument, or with `-` (or no value at a terminal, secrets only) read
 * from stdin or a hidden prompt, so a secret need not land in the shell's history.
 */
async function valueOf(
  context: Context,
  setting: SettingKey,
  value: string | undefined,
): Promise<string> {
  if (value !== undefined && value !== '-') return value;
  const { stdin, stderr } = context.streams;
  const atTerminal = !context.json && stdin.isTTY === true;
  if (value === undefined && !(secretSettings.has(setting) && atTerminal))
    throw usageError(
      `Give a value for ${setting}${secretSettings.has(setting) ? ', or - to read it from standard input' : ''}`,
    );
  if (atTerminal)
    // The prompt writes to stderr, so `config set secret | tee log` never shows or keeps it.
    return password(
      { message: `Value of ${setting}`, mask: '*' },
      { input: stdin as NodeJS.ReadStream, output: stderr },
    );
  return firstLine(stdin, setting);
}

async function setSetting(
  context: Context,
  setting: SettingKey,
  value: string | undefined,
): Promise<void> {
  const checked = checkValue(setting, await valueOf(context, setting, value));
  const name = await currentProfileName(context);
  let signedOut = false;
  await updateProfile(context.env, name, (profile) => {
    const next: Profile = { ...profile, [profileKeys[setting]]: checked };
    // A token saved by hand is an API token (whose it is, whoami asks the server), for the
    // server this profile names now.
    if (setting === 'token') {
      delete next.adminId;
      next.tokenUrl = serverUrlOf(profile, context.env).value;
    }
    // Another server: the session made for the old one is dropped, never sent to the new one.
    const madeFor = tokenServerOf(profile);
    if (setting === 'url' && profile.token !== undefined && !sameServer(madeFor, checked)) {
      delete next.token;
      delete next.tokenUrl;
      delete next.adminId;
      signedOut = true;
    }
    return next;
  });
  if (signedOut)
    context.note(`The session of profile ${name} was for another server: run \`dealdesk login\``);
  context.result({ status: true, profile: name, key: setting }, () =>
    context.say(`Saved ${setting} in profile ${name} (${configPath(context.env)})`),
  );
}

async function unsetSetting(context: Context, setting: SettingKey): Promise<void> {
  const name = await currentProfileName(context);
  const removed = profileKeys[setting];
  await updateProfile(context.env, name, (profile) =>
    Object.fromEntries(
      Object.entries(profile).filter(
        // The token's server goes with it.
        ([profileKey]) =>
          profileKey !== removed && !(removed === 'token' && profileKey === 'tokenUrl'),
      ),
    ),
  );
  context.result({ status: true, profile: name, key: setting }, () =>
    context.say(`Removed ${setting} from profile ${name}`),
  );
}

async function showSettings(context: Context): Promise<void> {
  const settings = resolveSettings(await readConfig(context.env), context.profile, context.env);
  const rows: [SettingKey, keyof typeof environmentNames, Setting | null][] = [
    ['url', 'url', settings.url],
    ['api-key', 'apiKey', settings.apiKey],
    ['secret', 'secret', settings.secret],
    ['token', 'token', settings.token],
  ];
  const shown = (profileKey: keyof Profile, setting: Setting | null) =>
    setting === null ? null : secretKeys.has(profileKey) ? mask(setting.value) : setting.value;
  const describe = (setting: Setting | null, variable: string) =>
    setting === null ? 'not set' : setting.source === 'environment' ? variable : setting.source;
  context.result(
    {
      status: true,
      profile: settings.profileName,
      file: configPath(context.env),
      adminId: settings.profile.adminId ?? null,
      settings: Object.fromEntries(
        rows.map(([key, name, setting]) => [
          key,
          {
            value: shown(profileKeys[key], setting),
            source: setting?.source ?? null,
            variable: environmentNames[name],
          },
        ]),
      ),
    },
    () => {
      context.footer(`profile ${settings.profileName} (${configPath(context.env)})`);
      context.say(
        renderTable(
          ['setting', 'value', 'from'],
          rows.map(([key, name, setting]) => [
            key,
            shown(profileKeys[key], setting) ?? '',
            describe(setting, environmentNames[name]),
          ]),
          context,
        ),
      );
    },
  );
}

async function useProfile(
  context: Context,
  name: string,
  options: { create?: boolean },
): Promise<void> {
  const profile = name.trim();
  if (!/^[\w.-]{1,40}$/.test(profile))
    throw usageError('A profile name has 1 to 40 letters, digits, dots, dashes or underscores');
  await updateConfig(context.env, (config) => {
    if (!(profile in config.profiles) && options.create !== true)
      throw noSuchProfile(config, profile);
    config.currentProfile = profile;
    config.profiles[profile] ??= {};
  });
  context.result({ status: true, profile }, () => context.say(`Current profile: ${profile}`));
}

async function listProfiles(context: Context): Promise<void> {
  const config = await readConfig(context.env);
  const names = Object.keys(config.profiles);
  if (!names.includes(config.currentProfile)) names.unshift(config.currentProfile);
  const profiles = names.map((name) => ({
    name,
    current: name === config.currentProfile,
    url: config.profiles[name]?.url ?? null,
    signedIn: config.profiles[name]?.token !== undefined,
  }));
  context.result({ status: true, data: profiles }, () =>
    context.say(
      renderTable(
        ['', 'profile', 'server', 'signed in'],
        profiles.map((profile) => [
          profile.current ? '*' : '',
          profile.name,
          profile.url ?? '(default)',
          profile.signedIn ? 'yes' : 'no',
        ]),
        context,
      ),
    ),
  );
}

const settingKey = () => new Argument('<key>', 'setting').choices(settingKeys);

const config: Declare = (command, run) => {
  command
    .command('set')
    .description('save a setting in the profile')
    .addArgument(settingKey())
    .argument(
      '[value]',
      'the value; - reads it from standard input (a secret with no value is asked at a terminal, hidden)',
    )
    .action(run(setSetting));
  command
    .command('unset')
    .description('remove a setting from the profile')
    .addArgument(settingKey())
    .action(run(unsetSetting));
  command
    .command('show')
    .description('the settings in effect and where each comes from (secrets masked)')
    .action(run(showSettings));
  command
    .command('use')
    .description('make a profile the current one')
    .argument('<profile>')
    .option('--create', 'create the profile if there is none of that name')
    .action(run(useProfile));
  command.command('list').description('the profiles in the config file').action(run(listProfiles));
};

export const commands = { config };
