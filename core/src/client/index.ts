// The transport of the typed client (contract/client.ts): pure commands, and an executor that
// adds the API key, the bearer token and the envelope, and never throws.
export * from './command.js';
export type { ClientResult } from './executor.js';
export { newIdempotencyKey } from './executor.js';
