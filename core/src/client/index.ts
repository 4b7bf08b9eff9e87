// The typed API client: endpoint groups of pure commands (one file per area), bound to an
// executor that adds the API key, the bearer token and the envelope, and never throws.
import type { Command } from './command.js';
import { createExecutor, type ClientOptions, type ClientResult, type Execute } from './executor.js';
import { admin } from './admin.js';
import { system } from './system.js';

export * from './command.js';
export type { ClientOptions, ClientResult, Execute } from './executor.js';
export { createExecutor } from './executor.js';

/** The command builders of every area, by group name. */
export const endpoints = { admin, system };

type Endpoint = (...args: never[]) => Command<object>;

/** A group of command builders turned into calls that run them. */
export type BoundGroup<Group> = {
  [Name in keyof Group]: Group[Name] extends (...args: infer Args) => Command<infer Answer>
    ? (...args: Args) => Promise<ClientResult<Answer>>
    : never;
};

export type ApiClient = { [Area in keyof typeof endpoints]: BoundGroup<(typeof endpoints)[Area]> };

function bind<Group extends Record<string, Endpoint>>(
  group: Group,
  execute: Execute,
): BoundGroup<Group> {
  return Object.fromEntries(
    Object.entries(group).map(([name, build]) => [
      name,
      (...args: Parameters<typeof build>) => execute(build(...args)),
    ]),
  ) as BoundGroup<Group>;
}

export function createApiClient(options: ClientOptions): ApiClient {
  const execute = createExecutor(options);
  return Object.fromEntries(
    Object.entries(endpoints).map(([area, group]) => [area, bind(group, execute)]),
  ) as ApiClient;
}
