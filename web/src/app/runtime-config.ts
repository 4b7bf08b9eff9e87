// The API key and envelope secret are not built into the bundle: the server that serves the
// app answers /config.js with the values it runs with (see server/src/http/static.ts).

export interface RuntimeConfig {
  apiKey: string;
  secret: string;
}

declare global {
  interface Window {
    dealdeskConfig?: Partial<RuntimeConfig>;
  }
}

export function runtimeConfig(): RuntimeConfig {
  const given = window.dealdeskConfig ?? {};
  return { apiKey: given.apiKey ?? '', secret: given.secret ?? '' };
}
