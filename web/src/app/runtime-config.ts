// The API key, envelope secret and business time zone are not built into the bundle: the
// server that serves the app answers /config.js with the values it runs with (see
// server/src/http/static.ts).
import { defaultBusinessTimeZone } from '@dealdesk/core';

export interface RuntimeConfig {
  apiKey: string;
  secret: string;
  /** The zone whose days the view and click counters are kept by (DEALDESK_TZ). */
  timeZone: string;
}

declare global {
  interface Window {
    dealdeskConfig?: Partial<RuntimeConfig>;
  }
}

export function runtimeConfig(): RuntimeConfig {
  const given = window.dealdeskConfig ?? {};
  return {
    apiKey: given.apiKey ?? '',
    secret: given.secret ?? '',
    timeZone: given.timeZone ?? defaultBusinessTimeZone,
  };
}
