// Where a request came from, in words people recognise: "Chrome on Windows", not the raw
// user-agent. Shown in the session list and in the notice mails.
import type { FastifyRequest } from 'fastify';
import { clientAddress } from '../../http/client-address.js';

/** The address and user-agent of the request that made a change or started a session. */
export interface RequestOrigin {
  address: string;
  userAgent: string;
}

export function originOf(request: FastifyRequest): RequestOrigin {
  return { address: clientAddress(request), userAgent: request.headers['user-agent'] ?? '' };
}

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
const browsers: [RegExp, string][] = [
  [/^dealdesk-cli\//, 'Dealdesk CLI'],
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
  [/^curl\//, 'curl'],
  [/^node\b|\bundici\b/i, 'Node.js'],
];

const systems: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b|\biPad\b|\biOS\b/, 'iOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
];

/** "Chrome on Windows", "Firefox", "Unknown device". */
export function describeDevice(userAgent: string | null): string {
  const agent = userAgent ?? '';
  const browser = browsers.find(([pattern]) => pattern.test(agent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(agent))?.[1];
  if (browser === undefined && system === undefined) return 'Unknown device';
  if (browser === undefined) return `Unknown browser on ${system}`;
  return system === undefined ? browser : `${browser} on ${system}`;
}
