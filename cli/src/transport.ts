// undici's fetch for every call. Node's global FormData comes from the copy of undici built into
// Node, which this undici does not recognise as a form (it would send "[object FormData]"), so
// multipart bodies are copied into undici's own FormData first. Each call runs under its deadline
// (connection.ts), whose signal ends the call, connecting, sending or reading the answer.
import { AsyncLocalStorage } from 'node:async_hooks';
import { Agent, fetch as undiciFetch, FormData as UndiciFormData } from 'undici';

/** The deadline of the call being made: aborted when its time is up. */
export const callDeadline = new AsyncLocalStorage<AbortSignal>();

// Enough connections for the largest --concurrency, kept alive between calls.
const dispatcher = new Agent({ connections: 32, keepAliveTimeout: 10_000 });

function undiciForm(form: FormData): UndiciFormData {
  const copy = new UndiciFormData();
  for (const [name, value] of form) {
    if (typeof value === 'string') copy.append(name, value);
    else copy.append(name, value, value.name);
  }
  return copy;
}

type UndiciInit = NonNullable<Parameters<typeof undiciFetch>[1]>;

// The core's client types its transport as the global fetch; undici's own types differ only in
// name, hence the casts at this one seam.
export const transport = ((input: string, init: RequestInit = {}) =>
  undiciFetch(input, {
    ...(init as UndiciInit),
    body: init.body instanceof FormData ? undiciForm(init.body) : (init.body as UndiciInit['body']),
    signal: callDeadline.getStore() ?? init.signal ?? null,
    dispatcher,
  })) as unknown as typeof fetch;
