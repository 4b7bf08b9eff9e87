// The transport of the typed client (contract/client.ts): pure commands, and an executor that
// adds the API key, the bearer token and the envelope, and never throws.
export * from './command.js';
export type { ClientOptions, ClientResult, Execute } from './executor.js';
export { createExecutor, newIdempotencyKey } from './executor.js';
