// The fuzz test's attacks (fuzz.test.ts): a seeded PRNG, a call's input as the test holds it
// (path parameters, query, body fields and files), how a declaration puts that input on the
// wire (path segments, query string, the AES envelope, plain JSON or multipart), and the bad
// inputs made from it. Everything here is pure: one case's attack depends only on the seed,
// the case's index, the call and the ids of the items the test made.
import type { AnyEndpoint, ResponseEnvelope } from '@dealdesk/core';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// ---------------------------------------------------------------------------------------------
// Seeded randomness

/** mulberry32: a small, fast 32-bit PRNG; the same seed gives the same numbers everywhere. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A run's seed from its setting: a number (decimal or 0x hex), or any text hashed (FNV-1a). */
export function seedFrom(setting: string | undefined, fallback: number): number {
  if (setting === undefined || setting.trim() === '') return fallback >>> 0;
  const text = setting.trim();
  if (/^(0x[0-9a-f]+|\d+)$/i.test(text)) return Number(text) >>> 0;
  let hash = 0x811c9dc5;
  for (const char of text) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193);
  return hash >>> 0;
}

/** Each case draws from a generator of its own, so one case can be replayed alone. */
export function caseSeed(seed: number, index: number): number {
  return (seed ^ Math.imul(index + 1, 0x9e3779b9)) >>> 0;
}

export class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  /** A float in [0, 1). */
  float(): number {
    return this.next();
  }
  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  /** An integer in [min, max]. */
  between(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }
  chance(probability: number): boolean {
    return this.next() < probability;
  }
  pick<T>(list: readonly T[]): T {
    if (list.length === 0) throw new Error('pick from an empty list');
    return list[this.int(list.length)] as T;
  }
  bytes(count: number): Buffer {
    const bytes = Buffer.alloc(count);
    for (let index = 0; index < count; index += 1) bytes[index] = this.int(256);
    return bytes;
  }
  hex(length: number): string {
    let text = '';
    for (let index = 0; index < length; index += 1) text += '0123456789abcdef'[this.int(16)];
    return text;
  }
}

// ---------------------------------------------------------------------------------------------
// A call's input, and how its declaration puts it on the wire

export interface FileSpec {
  filename: string;
  type: string;
  bytes: Buffer;
}

/**
 * What one call is sent: path parameters, query fields (arrays repeat the key), body fields
 * (multipart: JSON parts such as insertData as objects, sent as JSON text) and file slots.
 */
export interface Input {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  files: Record<string, FileSpec[]>;
}

/** A path segment an attack wrote itself, sent exactly as given (no escaping). */
export class RawSegment {
  constructor(readonly text: string) {}
  toJSON(): string {
    return `<raw ${this.text}>`;
  }
}

/** One HTTP request as it goes out; the test adds the API key and the credentials. */
export interface Wire {
  method: string;
  /** Path and query string, as sent. */
  target: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Sent with Transfer-Encoding: chunked instead of a Content-Length. */
  chunked?: boolean;
  /** Leave out the x-api-key header, or send this one instead. */
  apiKey?: string | null;
  /** Send this Authorization header instead of the case's credentials. */
  authorization?: string;
  /**
   * How the body goes out, on a connection of its own: in small pieces with pauses
   * (`trickle`), or half of it (`stall-half`) or none (`stall-start`) and then nothing more.
   */
  pace?: 'trickle' | 'stall-half' | 'stall-start';
}

/** Percent-encodes text as UTF-8 (a lone surrogate becomes U+FFFD, as a browser sends it). */
export function pct(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate: encoded byte by byte below.
  }
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(char)
      ? char
      : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const textOf = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : value === undefined
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);

export function pathOf(call: AnyEndpoint, params: Record<string, unknown>): string {
  return call.path.replace(/:([A-Za-z_]\w*)/g, (_match, name: string) => {
    const value = params[name];
    return value instanceof RawSegment ? value.text : pct(textOf(value));
  });
}

export function queryOf(query: Record<string, unknown>): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value])
      pairs.push(
        item instanceof RawSegment
          ? `${pct(key)}=${item.text}`
          : `${pct(key)}=${pct(textOf(item))}`,
      );
  }
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
}

export const boundary = '----dealdesk-fuzz-7MA4YWxkTrZu0gW';

export interface FormPart {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
  /** Replaces the part's whole head (its header lines). */
  head?: string;
}

/** A multipart/form-data body; `close: false` leaves out the closing boundary. */
export function formBody(
  parts: readonly FormPart[],
  options: { close?: boolean; mark?: string } = {},
): Buffer {
  const mark = options.mark ?? boundary;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      part.head ??
      `Content-Disposition: form-data; name="${part.name}"` +
        (part.filename === undefined
          ? ''
          : `; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}`);
    chunks.push(
      Buffer.from(`--${mark}\r\n${head}\r\n\r\n`),
      Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  if (options.close !== false) chunks.push(Buffer.from(`--${mark}--\r\n`));
  return Buffer.concat(chunks);
}

/** The text parts and file parts of an input, as a form sends them. */
export function formParts(input: Input, huge?: HugeText): FormPart[] {
  const parts: FormPart[] = [];
  for (const [name, value] of Object.entries(input.body)) {
    if (value === undefined) continue;
    // A text part is the text itself; an object part is JSON.
    parts.push({
      name: unmarked(name, huge?.text),
      data: unmarked(textOf(value), typeof value === 'string' ? huge?.text : huge?.json),
    });
  }
  for (const [slot, files] of Object.entries(input.files))
    for (const file of files)
      parts.push({ name: slot, filename: file.filename, type: file.type, data: file.bytes });
  return parts;
}

/** JSON bytes (with the huge text where its marker stands: `unmarked`). */
const json = (value: unknown, huge?: HugeText) =>
  Buffer.from(unmarked(JSON.stringify(value) ?? 'null', huge?.json));

/**
 * The request envelope of a payload, as the core's encryptRequest makes it but through
 * node:crypto (crypto-js took a third of the time spent making attacks).
 */
export function envelopeOf(
  payload: unknown,
  secret: string,
  huge?: HugeText,
): { encryptedData: string } {
  return { encryptedData: sealRaw(json(payload, huge), secret) };
}

/** The envelope as body bytes: hex and base64 need no escaping (no JSON pass over megabytes). */
const sealedBody = (payload: unknown, secret: string, huge?: HugeText): Buffer =>
  Buffer.from(`{"encryptedData":"${envelopeOf(payload, secret, huge).encryptedData}"}`);

/** The body as the declaration sends it: sealed, plain JSON or multipart (none without one). */
function bodyOf(
  call: AnyEndpoint,
  input: Input,
  secret: string,
  huge?: HugeText,
): Pick<Wire, 'body' | 'headers'> {
  switch (call.body?.kind) {
    case undefined:
      return { headers: {} };
    case 'envelope':
      return {
        headers: { 'content-type': 'application/json' },
        body: sealedBody(input.body, secret, huge),
      };
    case 'json':
      return { headers: { 'content-type': 'application/json' }, body: json(input.body, huge) };
    case 'multipart':
      return {
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: formBody(formParts(input, huge)),
      };
  }
}

/** The request a well-behaved client would send for this input (`huge`: a text it may hold). */
export function wireOf(call: AnyEndpoint, input: Input, secret: string, huge?: HugeText): Wire {
  return {
    method: call.method,
    target: pathOf(call, input.params) + queryOf(input.query),
    ...bodyOf(call, input, secret, huge),
  };
}

/** AES-256-CBC of raw text under a key and IV of our choosing (the envelope's cipher). */
export function sealRaw(plain: Buffer, keyHex: string, iv = randomBytes(16)): string {
  const cipher = createCipheriv('aes-256-cbc', Buffer.from(keyHex, 'hex'), iv);
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
  return `${iv.toString('hex')}:${sealed.toString('base64')}`;
}

/**
 * An answer's envelope opened as the core's decryptResponse opens it, but natively and at once:
 * crypto-js, or WebCrypto's round trip through the thread pool, cost a millisecond an answer.
 * Throws when it does not open to JSON.
 */
export function openAnswer(envelope: ResponseEnvelope, keyHex: string): unknown {
  const iv = Buffer.from(envelope.iv, 'hex');
  const decipher = createDecipheriv('aes-256-cbc', Buffer.from(keyHex, 'hex'), iv);
  const plain = Buffer.concat([decipher.update(envelope.encrypted, 'base64'), decipher.final()]);
  return JSON.parse(plain.toString('utf8')) as unknown;
}

// ---------------------------------------------------------------------------------------------
// Where a value sits in an input

type Step = string | number;
export interface Place {
  part: 'params' | 'query' | 'body';
  steps: Step[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  !(value instanceof RawSegment);

/** Sets an own property, `__proto__` included (plain assignment would change the prototype). */
export function put(target: Record<string | number, unknown>, key: Step, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** Every place of the input a value sits, at any depth (files excluded). */
export function placesOf(input: Input): Place[] {
  const places: Place[] = [];
  const walk = (part: Place['part'], value: unknown, steps: Step[]) => {
    if (steps.length > 0) places.push({ part, steps });
    if (Array.isArray(value)) value.forEach((item, index) => walk(part, item, [...steps, index]));
    else if (isObject(value))
      for (const [key, item] of Object.entries(value)) walk(part, item, [...steps, key]);
  };
  walk('params', input.params, []);
  walk('query', input.query, []);
  walk('body', input.body, []);
  return places;
}

/** The objects of the input, where keys can be added (the parts themselves included). */
function holdersOf(input: Input, part: Place['part']): Step[][] {
  const holders: Step[][] = [[]];
  const walk = (value: unknown, steps: Step[]) => {
    if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...steps, index]));
    else if (isObject(value))
      for (const [key, item] of Object.entries(value)) {
        if (isObject(item)) holders.push([...steps, key]);
        walk(item, [...steps, key]);
      }
  };
  walk(input[part], []);
  return holders;
}

function holderAt(input: Input, place: Place): Record<string | number, unknown> | undefined {
  let current: unknown = input[place.part];
  for (const step of place.steps.slice(0, -1)) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[step];
  }
  return typeof current === 'object' && current !== null
    ? (current as Record<string | number, unknown>)
    : undefined;
}

export function valueAt(input: Input, place: Place): unknown {
  const holder = holderAt(input, place);
  return holder?.[place.steps.at(-1) as Step];
}

export function setAt(input: Input, place: Place, value: unknown): void {
  const holder = holderAt(input, place);
  if (holder !== undefined) put(holder, place.steps.at(-1) as Step, fresh(value));
}

export function deleteAt(input: Input, place: Place): void {
  const holder = holderAt(input, place);
  const last = place.steps.at(-1) as Step;
  if (holder === undefined) return;
  if (Array.isArray(holder) && typeof last === 'number') holder.splice(last, 1);
  else Reflect.deleteProperty(holder, last);
}

export const placeName = (place: Place) => [place.part, ...place.steps].join('.');

/** A deep copy of a value (own `__proto__` keys kept), so no two places share an object. */
function fresh(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fresh);
  if (isObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) put(out, key, fresh(item));
    return out;
  }
  return value;
}

/** A deep copy of an input (file bytes shared: attacks never change them in place). */
export function copyInput(input: Input): Input {
  return {
    params: fresh(input.params) as Record<string, unknown>,
    query: fresh(input.query) as Record<string, unknown>,
    body: fresh(input.body) as Record<string, unknown>,
    files: Object.fromEntries(
      Object.entries(input.files).map(([slot, files]) => [slot, [...files]]),
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// Bad values

/** Values of every JSON type but the expected one, and numbers and texts at their edges. */
export const wrongTypes: readonly unknown[] = [
  0,
  -1,
  1.5,
  -0.000001,
  1e308,
  -1e308,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  true,
  false,
  null,
  '',
  ' ',
  'x',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e400',
  '0x1f',
  '9'.repeat(400),
  '٣',
  '１２',
  ' 7 ',
  '1,000',
  'true',
  'false',
  'null',
  'undefined',
  '[object Object]',
  [],
  [1],
  ['a', 'b'],
  [null],
  [[[[[]]]]],
  {},
  { a: 1 },
  { $gt: '' },
  { toString: 'x', valueOf: 1 },
  { length: 1e9 },
];

/** Values of the expected type at its edges: what a column or a counter may not hold. */
export const edgeValues: readonly unknown[] = [
  0,
  -0,
  -1,
  1.5,
  0.1 + 0.2,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32,
  -(2 ** 31) - 1,
  2 ** 53 - 1,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  '0',
  '-1',
  '2147483648',
  '9007199254740993',
  '1e21',
  '',
  ' ',
];

const edgeNumbers = edgeValues.filter((value) => typeof value === 'number');

/** Texts that break naive code: NUL, direction overrides, lone surrogates, emoji, case traps. */
export const oddTexts: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(64),
  '\u202eevil\u202c',
  '\u202d\u202e\u2066\u2067\u2068\u2069',
  '\ud800',
  '\udfff',
  'x\ud83d',
  '\ude00x',
  '😀',
  '👨‍👩‍👧‍👦🏳️‍🌈',
  '😀'.repeat(500),
  '\ufeff',
  '\uffff\ufffe',
  '\u200b\u200c\u200d\u2060',
  'Z̴̡̢͖͂ͅa̶̛͔͙l̷̨̛g̵̨o̶͚',
  'e\u0301\u0301\u0301\u0301',
  'İıſ ß ﬃ ǅ',
  'ＦＵＬＬ１２３',
  '\r\n\t\u000b\u000c',
  '\u0085\u2028\u2029',
  '\u00a0\u3000',
  '<script>alert(1)</script>',
  "'; DROP TABLE products; --",
  '" OR 1=1 --',
  '%00%2e%2e%2f',
  '../../../../etc/passwd',
  '\\\\server\\share',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '"',
  "'",
  '%',
  '_',
  '*',
  '^',
  '-',
  '+',
  ':',
  '()',
  'NEAR(a b)',
  'a OR b',
  'NOT',
  'a AND',
  '"unclosed',
  'col:value',
  'a:*',
  '!&|<->',
  // Links stay on this machine: the scraper refuses loopback without looking a name up.
  'https://127.0.0.1/\u0000',
  'http://[::1]:9/xn--80ak6aa92e',
  'javascript:alert(1)',
  'data:text/html,<b>x</b>',
];

const hugeUnits = ['a', 'é', '😀', '9', ' ', '\u0000', '{"a":', '%', '\ud800', 'ab\u202e'];

/** A huge text, its JSON escaping (without the quotes) and the most of it a URL takes. */
export interface HugeText {
  text: string;
  json: string;
  url: string;
}

/**
 * Where a huge text goes into a body, the attack puts this marker (no character of it is ever
 * escaped), and the body's bytes get the text or its JSON escaping made once instead.
 */
const hugeMarker = 'huge-text-7MA4YWxkTrZu0gW';
const unmarked = (text: string, replacement: string | undefined) =>
  replacement === undefined ? text : text.split(hugeMarker).join(replacement);

/**
 * The run's huge texts, made once from its seed (escaping one for JSON or a URL cost more than
 * a case's requests: tens of milliseconds for lone surrogates): each unit repeated, and random
 * ASCII, each once under and once over the 256 K characters a server checks off its main thread.
 */
export function hugeTexts(seed: number): readonly HugeText[] {
  const rng = new Rng(seed);
  const printable = rng
    .bytes(4096)
    .toString('latin1')
    .replace(/[^\x20-\x7e]/g, 'q');
  return [...hugeUnits, printable].flatMap((unit) =>
    [rng.between(100_000, 250_000), rng.between(260_000, 400_000)].map((length) => {
      const text = unit.repeat(Math.ceil(length / unit.length));
      return { text, json: JSON.stringify(text).slice(1, -1), url: urlSized(text) };
    }),
  );
}

/** An odd text, alone or next to the value that was there (so the rest still looks right). */
export function oddText(rng: Rng, beside: unknown): string {
  const odd = rng.pick(oddTexts);
  if (typeof beside !== 'string' || beside === '') return odd;
  switch (rng.int(3)) {
    case 0:
      return odd;
    case 1:
      return beside + odd;
    default:
      return odd + beside;
  }
}

export const pollutingKeys = ['__proto__', 'constructor', 'prototype'] as const;

/** What a polluting key is given: objects that would pollute if merged, and plain values. */
export function pollutingValue(rng: Rng): unknown {
  const polluted = { polluted: 'yes', isAdmin: true, status: true };
  return rng.pick<unknown>([
    polluted,
    { prototype: polluted },
    { __proto__: polluted },
    { constructor: { prototype: polluted } },
    'x',
    1,
    null,
    [polluted],
  ]);
}

/** Path parameters and ids that try to leave their segment or their type. */
export const pathTricks: readonly string[] = [
  '..',
  '../',
  '../../../../etc/passwd',
  '%2e%2e',
  '%2e%2e%2f%2e%2e%2f',
  '.%2e/.%2e/',
  '..%2fadmin',
  '..%5c..%5c',
  '%252e%252e%252f',
  '%2F',
  'a%2Fb',
  '%252F',
  '%00',
  '0123456789abcdef01234567%00',
  '%',
  '%zz',
  '%ff%fe',
  '%c0%af',
  '%F0%9F%98%80',
  '%E2%80%AE',
  '%20',
  '+',
  '.',
  ';',
  '%3B',
  '0123456789abcdef01234567;x=1',
  '%3F',
  '%23',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  '-1',
  '0',
  '1e400',
  'NaN',
  'zzzzzzzzzzzzzzzzzzzzzzzz',
  '0123456789ABCDEF01234567',
  '0123456789abcdef0123456',
  '0123456789abcdef012345678',
  'ffffffffffffffffffffffff',
  '000000000000000000000000',
  '0123456789abcdef01234567/extra',
];

/** A very long id: over the request line's limit sometimes (Node answers 431 before Fastify). */
export const longId = (rng: Rng) => 'a'.repeat(rng.pick([300, 2_000, 12_000, 70_000]));

// ---------------------------------------------------------------------------------------------
// The attacks

export const attackKinds = [
  'wrong-type',
  'missing',
  'extra',
  'huge-string',
  'odd-unicode',
  'proto-keys',
  'bad-envelope',
  'bad-multipart',
  'bad-query',
  'path-trick',
  'bad-headers',
  'slow-body',
] as const;
export type AttackKind = (typeof attackKinds)[number];

export interface Attack {
  kind: AttackKind;
  /** What was done, in words short enough to print. */
  detail: string;
  wire: Wire;
}

/** A value shown in a report: JSON, long texts cut, with their length. */
export function show(value: unknown, max = 160): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  if (text.length <= max) return text;
  return `${text.slice(0, max)}…(${text.length} chars)`;
}

/** What a case is given to work with beside its call and input. */
export interface AttackContext {
  rng: Rng;
  /** The envelope key. */
  secret: string;
  /** Sample files by extension (png, jpg, gif, mp4), as their bytes say. */
  samples: Readonly<Record<'png' | 'jpg' | 'gif' | 'mp4', Buffer>>;
  /** The run's huge texts (hugeTexts). */
  huge: readonly HugeText[];
}

/** The top-level keys of an object schema (through refinements, pipes and defaults). */
export function shapeKeys(schema: unknown): string[] {
  const def = (
    schema as
      { def?: { shape?: object; in?: unknown; innerType?: unknown; schema?: unknown } } | undefined
  )?.def;
  if (def === undefined) return [];
  if (def.shape !== undefined) return Object.keys(def.shape);
  return shapeKeys(def.in ?? def.innerType ?? def.schema);
}

const withBody = (wire: Wire, body: Buffer | string, contentType?: string): Wire => ({
  ...wire,
  headers: contentType === undefined ? {} : { 'content-type': contentType },
  body: Buffer.from(body),
});

const jsonType = 'application/json';
const formType = `multipart/form-data; boundary=${boundary}`;

function pickPlaces(rng: Rng, places: Place[], count: number): Place[] {
  const chosen: Place[] = [];
  for (let index = 0; index < count && places.length > 0; index += 1) chosen.push(rng.pick(places));
  return chosen;
}

/** Where a new key goes: the body's or the query's objects, top level included. */
function randomHolder(rng: Rng, call: AnyEndpoint, input: Input): Place {
  const part: Place['part'] = call.body !== undefined && rng.chance(0.75) ? 'body' : 'query';
  return { part, steps: rng.pick(holdersOf(input, part)) };
}

function addKey(input: Input, holder: Place, key: string, value: unknown): void {
  const target = holder.steps.length === 0 ? input[holder.part] : valueAt(input, holder);
  if (isObject(target)) put(target, key, fresh(value));
}

const extraNames = [
  'extra',
  'id',
  '_id',
  'ID',
  'status',
  'admin',
  'isAdmin',
  'a_email',
  'password',
  'role',
  '',
  ' ',
  'a.b',
  'a[b]',
  '$where',
  '$gt',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'then',
  'length',
  '0',
  '-1',
];

function wrongType(call: AnyEndpoint, input: Input, { rng, secret }: AttackContext): Attack {
  const places = placesOf(input).filter((place) => place.part !== 'params' || rng.chance(0.5));
  if (
    call.body !== undefined &&
    call.body.kind !== 'multipart' &&
    (places.length === 0 || rng.chance(0.15))
  ) {
    const root = rng.pick<unknown>([[], [input.body], 'x', 1, null, true, 1e308, '']);
    const plain = json(root);
    const body = call.body.kind === 'envelope' ? sealedBody(root, secret) : plain;
    return {
      kind: 'wrong-type',
      detail: `the whole body is ${show(root)}`,
      wire: withBody(wireOf(call, input, secret), body, jsonType),
    };
  }
  const changed: string[] = [];
  if (places.length === 0) {
    const value = rng.pick(wrongTypes);
    input.query[rng.pick(['id', 'page', 'limit', 'q'])] = value;
    changed.push(`query gets ${show(value)}`);
  }
  // Often the numbers only, each given a number at its edges (a counter past 2^31...).
  const numeric = places.filter((place) => typeof valueAt(input, place) === 'number');
  const edges = numeric.length > 0 && rng.chance(0.4);
  for (const place of pickPlaces(rng, edges ? numeric : places, rng.between(1, 3))) {
    const current = valueAt(input, place);
    const candidates = wrongTypes.filter(
      (value) => typeof value !== typeof current || Array.isArray(value) !== Array.isArray(current),
    );
    const value = edges
      ? rng.pick(edgeNumbers)
      : rng.pick(rng.chance(0.2) ? edgeValues : candidates.length > 0 ? candidates : wrongTypes);
    setAt(input, place, value);
    changed.push(`${placeName(place)} = ${show(value)}`);
  }
  return { kind: 'wrong-type', detail: changed.join('; '), wire: wireOf(call, input, secret) };
}

function missing(call: AnyEndpoint, input: Input, { rng, secret }: AttackContext): Attack {
  const removed: string[] = [];
  const slots = Object.keys(input.files);
  if (slots.length > 0 && rng.chance(0.35)) {
    const slot = rng.pick(slots);
    Reflect.deleteProperty(input.files, slot);
    removed.push(`file slot ${slot}`);
  } else if (rng.chance(0.15)) {
    const part = rng.pick(['params', 'query', 'body'] as const);
    input[part] = {};
    if (part === 'body') input.files = {};
    removed.push(`all of ${part}`);
  } else {
    const places = placesOf(input);
    for (const place of pickPlaces(rng, places, rng.between(1, 3))) {
      deleteAt(input, place);
      removed.push(placeName(place));
    }
  }
  return {
    kind: 'missing',
    detail: `left out ${removed.join(', ') || 'nothing (no fields)'}`,
    wire: wireOf(call, input, secret),
  };
}

function extra(call: AnyEndpoint, input: Input, context: AttackContext): Attack {
  const { rng, secret } = context;
  const added: string[] = [];
  for (let count = rng.between(1, 30); count > 0; count -= 1) {
    const holder = randomHolder(rng, call, input);
    const key = rng.chance(0.2)
      ? rng.pick(oddTexts)
      : rng.pick(extraNames) + (rng.chance(0.5) ? '' : String(rng.int(100)));
    const value = rng.chance(0.5) ? rng.pick(wrongTypes) : rng.pick(oddTexts);
    addKey(input, holder, key, value);
    if (added.length < 6) added.push(`${placeName(holder)}[${show(key, 30)}] = ${show(value, 40)}`);
  }
  return {
    kind: 'extra',
    detail: `extra fields: ${added.join('; ')}…`,
    wire: wireOf(call, input, secret),
  };
}

/** The longest start of a text that fits a URL under Node's 16 KB head limit once escaped. */
function urlSized(text: string): string {
  let fits = text.slice(0, 12_000);
  while (pct(fits).length > 12_000) fits = fits.slice(0, Math.floor(fits.length * 0.7));
  return fits;
}

function hugeString(call: AnyEndpoint, input: Input, context: AttackContext): Attack {
  const { rng, secret } = context;
  const huge = rng.pick(context.huge);
  const { text } = huge;
  const places = placesOf(input);
  const strings = places.filter((place) => typeof valueAt(input, place) === 'string');
  let where: string;
  if (places.length === 0 || rng.chance(0.15)) {
    const holder =
      call.body === undefined
        ? { part: 'query' as const, steps: [] }
        : { part: 'body' as const, steps: rng.pick(holdersOf(input, 'body')) };
    const asKey = rng.chance(0.5);
    const fitting = holder.part === 'query' ? huge.url : hugeMarker;
    addKey(input, holder, asKey ? fitting : 'note', asKey ? 'x' : fitting);
    where = `${placeName(holder)} ${asKey ? 'key' : 'value'}`;
  } else {
    const place = rng.pick(strings.length > 0 && rng.chance(0.8) ? strings : places);
    const stands = place.part === 'body' ? hugeMarker : text;
    setAt(input, place, rng.chance(0.3) ? `${textOf(valueAt(input, place))}${stands}` : stands);
    where = placeName(place);
    // A URL beyond Node's 16 KB head limit never reaches the app: path and query get the
    // most that fits (the request-line limit itself is attacked by bad-query and path-trick).
    if (place.part !== 'body') {
      const value = textOf(valueAt(input, place));
      const fits = value === text ? huge.url : urlSized(value);
      setAt(input, place, fits);
      return {
        kind: 'huge-string',
        detail: `${where}: ${fits.length} chars (the most a URL takes) of ${show(fits.slice(0, 8))}`,
        wire: wireOf(call, input, secret),
      };
    }
  }
  return {
    kind: 'huge-string',
    detail: `${where}: ${text.length} chars of ${show(text.slice(0, 8))}`,
    wire: wireOf(call, input, secret, huge),
  };
}

function oddUnicode(call: AnyEndpoint, input: Input, { rng, secret }: AttackContext): Attack {
  const changed: string[] = [];
  const places = placesOf(input);
  if (places.length === 0 || rng.chance(0.2)) {
    const holder = randomHolder(rng, call, input);
    const key = rng.pick(oddTexts);
    addKey(input, holder, key, rng.pick(oddTexts));
    changed.push(`${placeName(holder)} key ${show(key, 40)}`);
  }
  for (const place of pickPlaces(rng, places, rng.between(1, 3))) {
    const value = oddText(rng, valueAt(input, place));
    setAt(input, place, value);
    changed.push(`${placeName(place)} = ${show(value, 60)}`);
  }
  return { kind: 'odd-unicode', detail: changed.join('; '), wire: wireOf(call, input, secret) };
}

const pollutingQueries = [
  '__proto__[polluted]=yes',
  '__proto__=x',
  '__proto__.polluted=yes',
  'constructor[prototype][polluted]=yes',
  'constructor.prototype.polluted=yes',
  'prototype=1',
  'hasOwnProperty=1',
  'toString=x',
  'valueOf=1',
];

function protoKeys(call: AnyEndpoint, input: Input, context: AttackContext): Attack {
  const { rng, secret } = context;
  const added: string[] = [];
  for (let count = rng.between(1, 4); count > 0; count -= 1) {
    const holder = randomHolder(rng, call, input);
    const key = rng.pick(pollutingKeys);
    const value = pollutingValue(rng);
    addKey(input, holder, key, value);
    added.push(`${placeName(holder)}.${key} = ${show(value, 60)}`);
  }
  const wire = wireOf(call, input, secret);
  if (rng.chance(0.4)) {
    const extraQuery =
      pollutingQueries.filter(() => rng.chance(0.4)).join('&') || pollutingQueries[0];
    wire.target += `${wire.target.includes('?') ? '&' : '?'}${extraQuery}`;
    added.push(`query ${extraQuery}`);
  }
  if (call.body?.kind === 'multipart' && rng.chance(0.4)) {
    const parts = [
      ...formParts(input),
      ...pollutingKeys.map((name) => ({ name, data: JSON.stringify(pollutingValue(rng)) })),
    ];
    wire.body = formBody(parts);
    added.push('text parts named __proto__, constructor, prototype');
  }
  return { kind: 'proto-keys', detail: added.join('; '), wire };
}

/** n levels of nested arrays: a parser or a walker that recurses runs out of stack. */
const deepArrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

function badEnvelope(call: AnyEndpoint, input: Input, { rng, secret }: AttackContext): Attack {
  const wire = wireOf(call, input, secret);
  const plain = json(input.body);
  const good = sealRaw(plain, secret);
  const [iv = '', ciphertext = ''] = good.split(':');
  const sealed = (text: string) => json({ encryptedData: text });
  const variants: [string, () => Buffer | string, string?][] = [
    ['IV not hex', () => sealed(`${'zz'.repeat(16)}:${ciphertext}`)],
    ['IV of 30 hex digits', () => sealed(`${iv.slice(0, 30)}:${ciphertext}`)],
    ['IV of 34 hex digits', () => sealed(`${iv}ab:${ciphertext}`)],
    ['no IV', () => sealed(`:${ciphertext}`)],
    ['wrong key', () => sealed(sealRaw(plain, rng.hex(64)))],
    ['wrong IV (valid length)', () => sealed(`${rng.hex(32)}:${ciphertext}`)],
    [
      'ciphertext one block short',
      () => {
        const bytes = Buffer.from(ciphertext, 'base64');
        return sealed(
          `${iv}:${bytes.subarray(0, Math.max(0, bytes.length - 16)).toString('base64')}`,
        );
      },
    ],
    [
      'ciphertext cut mid-block',
      () => {
        const bytes = Buffer.from(ciphertext, 'base64');
        return sealed(
          `${iv}:${bytes.subarray(0, rng.between(1, Math.max(1, bytes.length - 1))).toString('base64')}`,
        );
      },
    ],
    [
      'base64 text cut',
      () =>
        sealed(`${iv}:${ciphertext.slice(0, rng.between(1, Math.max(1, ciphertext.length - 1)))}`),
    ],
    [
      'a bit flipped',
      () => {
        const bytes = Buffer.from(ciphertext, 'base64');
        const at = rng.int(bytes.length);
        bytes[at] = (bytes[at] ?? 0) ^ (1 << rng.int(8));
        return sealed(`${iv}:${bytes.toString('base64')}`);
      },
    ],
    [
      'ciphertext not base64',
      () => sealed(`${iv}:${rng.pick(['!!!!', '@@@@====', 'abc', 'a b c d ', '-_-_', '===='])}`),
    ],
    ['base64 with line breaks', () => sealed(`${iv}:${ciphertext.replace(/(.{8})/g, '$1\n')}`)],
    ['no colon', () => sealed(iv + ciphertext)],
    ['two colons', () => sealed(`${iv}:${ciphertext}:${ciphertext}`)],
    ['only a colon', () => sealed(':')],
    ['empty', () => sealed('')],
    ['encryptedData a number', () => json({ encryptedData: 12 })],
    ['encryptedData null', () => json({ encryptedData: null })],
    ['encryptedData an object', () => json({ encryptedData: { iv, ciphertext } })],
    ['encryptedData a list', () => json({ encryptedData: [good] })],
    [
      'extra keys beside encryptedData',
      () => json({ encryptedData: good, ...input.body, admin: true }),
    ],
    ['an envelope in an envelope', () => json(envelopeOf(envelopeOf(input.body, secret), secret))],
    ...[
      'not json',
      '{',
      '',
      ' ',
      '\u0000',
      'undefined',
      'NaN',
      '{"a":1',
      "{'a':1}",
      '[1,]',
      'ü',
    ].map(
      (text) =>
        [`sealed non-JSON ${show(text)}`, () => sealed(sealRaw(Buffer.from(text), secret))] as [
          string,
          () => Buffer,
        ],
    ),
    [
      'sealed bytes that are not UTF-8',
      () => sealed(sealRaw(Buffer.from([0xff, 0xfe, 0xc0, 0xaf, 0x80]), secret)),
    ],
    ['sealed JSON null', () => sealed(sealRaw(Buffer.from('null'), secret))],
    ['sealed JSON list', () => sealed(sealRaw(json([input.body]), secret))],
    ['sealed JSON text', () => sealed(sealRaw(Buffer.from('"text"'), secret))],
    ['sealed JSON number', () => sealed(sealRaw(Buffer.from('1e400'), secret))],
    [
      'sealed deep nesting',
      () => sealed(sealRaw(Buffer.from(deepArrays(rng.pick([1000, 20_000, 200_000]))), secret)),
    ],
    [
      'sealed 1 MB',
      () =>
        sealed(
          sealRaw(
            json({ ...input.body, pad: 'p'.repeat(rng.between(700_000, 1_200_000)) }),
            secret,
          ),
        ),
    ],
    [
      'sealed duplicate keys',
      () =>
        sealed(
          sealRaw(
            Buffer.from(
              `${plain.toString().slice(0, -1)}${plain.length > 2 ? ',' : ''}"id":["x"],"id":null}`,
            ),
            secret,
          ),
        ),
    ],
    ['plain JSON, not sealed', () => plain],
    ['JSON not closed', () => '{"encryptedData":'],
    [
      'not JSON at all',
      () => rng.pick(['nul', 'hello', '<xml/>', '{a:1}', "{'encryptedData':'x'}"]),
    ],
    [
      'a byte-order mark first',
      () => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), sealed(good)]),
    ],
    ['trailing garbage', () => `${sealed(good).toString()}garbage`],
    ['deeply nested JSON', () => deepArrays(rng.pick([1000, 50_000, 400_000]))],
    ['deep objects', () => '{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000)],
    ['empty body', () => ''],
    ['text/plain', () => sealed(good), 'text/plain'],
    ['form-urlencoded', () => `encryptedData=${pct(good)}`, 'application/x-www-form-urlencoded'],
    ['json with utf-16 charset', () => sealed(good), 'application/json; charset=utf-16'],
    ['json in capitals', () => sealed(good), 'APPLICATION/JSON'],
    ['json+patch type', () => sealed(good), 'application/json-patch+json'],
    ['no content type', () => sealed(good), ''],
    ['utf-16 body', () => Buffer.from(sealed(good).toString(), 'utf16le')],
  ];
  const [name, make, type] = rng.pick(variants);
  const body = make();
  const result = withBody(wire, body, type === '' ? undefined : (type ?? jsonType));
  return {
    kind: 'bad-envelope',
    detail: `${name} (${Buffer.byteLength(body)} bytes)`,
    wire: result,
  };
}

/** File bytes that are not what a slot takes, or not a file at all. */
function wrongFile(rng: Rng, samples: AttackContext['samples']): [string, FileSpec] {
  const png = samples.png;
  // Each made only when picked (all were made for each pick: files of 1 and 2 MB among them).
  const options: [string, () => FileSpec][] = [
    [
      'random bytes',
      () => ({ filename: 'photo.png', type: 'image/png', bytes: rng.bytes(rng.between(1, 5000)) }),
    ],
    [
      'a script named .png',
      () => ({
        filename: 'photo.png',
        type: 'image/png',
        bytes: Buffer.from('<script>alert(1)</script>'),
      }),
    ],
    [
      'an SVG with a script',
      () => ({
        filename: 'x.svg',
        type: 'image/svg+xml',
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      }),
    ],
    [
      'PNG signature only',
      () => ({ filename: 'photo.png', type: 'image/png', bytes: png.subarray(0, 8) }),
    ],
    [
      'PNG cut short',
      () => ({ filename: 'photo.png', type: 'image/png', bytes: png.subarray(0, 20) }),
    ],
    ['a GIF', () => ({ filename: 'photo.png', type: 'image/png', bytes: samples.gif })],
    ['a JPEG', () => ({ filename: 'photo.png', type: 'image/png', bytes: samples.jpg })],
    [
      'an MP4 as an image',
      () => ({ filename: 'photo.png', type: 'image/png', bytes: samples.mp4 }),
    ],
    ['a PNG as a video', () => ({ filename: 'clip.mp4', type: 'video/mp4', bytes: png })],
    ['an empty file', () => ({ filename: 'photo.png', type: 'image/png', bytes: Buffer.alloc(0) })],
    [
      'an EXE header',
      () => ({
        filename: 'photo.png',
        type: 'image/png',
        bytes: Buffer.concat([Buffer.from('MZ'), rng.bytes(200)]),
      }),
    ],
    [
      'a ZIP',
      () => ({
        filename: 'photo.png',
        type: 'image/png',
        bytes: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), rng.bytes(200)]),
      }),
    ],
    [
      'a PDF',
      () => ({
        filename: 'photo.png',
        type: 'image/png',
        bytes: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'),
      }),
    ],
    [
      'PNG then HTML',
      () => ({
        filename: 'photo.png',
        type: 'image/png',
        bytes: Buffer.concat([png, Buffer.from('<html><script>x</script></html>')]),
      }),
    ],
    [
      'a PNG over 2 MB',
      () => ({
        filename: 'big.png',
        type: 'image/png',
        bytes: Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024 + 10)]),
      }),
    ],
    [
      'a PNG over 1 MB',
      () => ({
        filename: 'big.png',
        type: 'image/png',
        bytes: Buffer.concat([png, Buffer.alloc(1024 * 1024 + 10)]),
      }),
    ],
    [
      'name with folders',
      () => ({ filename: '../../../etc/passwd.png', type: 'image/png', bytes: png }),
    ],
    [
      'name with odd text',
      () => ({ filename: `${rng.pick(oddTexts)}.png`, type: 'image/png', bytes: png }),
    ],
    [
      'a 10 KB name',
      () => ({ filename: `${'n'.repeat(10_000)}.png`, type: 'image/png', bytes: png }),
    ],
    ['an empty name', () => ({ filename: '', type: 'image/png', bytes: png })],
    ['an odd type', () => ({ filename: 'photo.png', type: 'text/html; charset=evil', bytes: png })],
  ];
  const [name, make] = rng.pick(options);
  return [name, make()];
}

function badMultipart(
  call: AnyEndpoint,
  input: Input,
  { rng, secret, samples }: AttackContext,
): Attack {
  const wire = wireOf(call, input, secret);
  const parts = formParts(input);
  const slots = call.body?.kind === 'multipart' ? Object.keys(call.body.files) : ['image'];
  const textNames = Object.keys(input.body);
  const body = formBody(parts);
  const variants: [string, () => { body: Buffer | string; type?: string; chunked?: boolean }][] = [
    ['no boundary', () => ({ body, type: 'multipart/form-data' })],
    ['another boundary', () => ({ body, type: 'multipart/form-data; boundary=something-else' })],
    ['an empty boundary', () => ({ body, type: 'multipart/form-data; boundary=' })],
    ['a quoted boundary', () => ({ body, type: `multipart/form-data; boundary="${boundary}"` })],
    [
      'a boundary of 200 characters',
      () => ({
        body: formBody(parts, { mark: 'b'.repeat(200) }),
        type: `multipart/form-data; boundary=${'b'.repeat(200)}`,
      }),
    ],
    ['multipart/mixed', () => ({ body, type: `multipart/mixed; boundary=${boundary}` })],
    ['truncated', () => ({ body: body.subarray(0, rng.int(body.length)) })],
    [
      'truncated in a part head',
      () => ({
        body: Buffer.concat([
          formBody(parts, { close: false }),
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; na`),
        ]),
      }),
    ],
    ['no closing boundary', () => ({ body: formBody(parts, { close: false }) })],
    [
      'closing boundary without CRLF',
      () => ({
        body: Buffer.concat([formBody(parts, { close: false }), Buffer.from(`--${boundary}--`)]),
      }),
    ],
    ['LF line endings', () => ({ body: body.toString('latin1').replace(/\r\n/g, '\n') })],
    [
      'garbage before and after',
      () => ({
        body: Buffer.concat([
          Buffer.from('preamble garbage\r\n'),
          body,
          Buffer.from('epilogue garbage'),
        ]),
      }),
    ],
    [
      'a file in a text field',
      () => {
        const name = textNames.length > 0 ? rng.pick(textNames) : 'name';
        const changed = parts.filter((part) => part.name !== name);
        changed.push({ name, filename: 'field.png', type: 'image/png', data: samples.png });
        return { body: formBody(changed) };
      },
    ],
    [
      'text in a file slot',
      () => {
        const slot = rng.pick(slots);
        const changed = parts.filter((part) => part.name !== slot);
        changed.push({
          name: slot,
          data: rng.pick(['x', '', samples.png.toString('latin1'), '{"a":1}']),
        });
        return { body: formBody(changed) };
      },
    ],
    [
      'wrong file bytes',
      () => {
        const slot = rng.pick(slots);
        const [, file] = wrongFile(rng, samples);
        const changed = parts.filter((part) => part.name !== slot);
        changed.push({ name: slot, filename: file.filename, type: file.type, data: file.bytes });
        return { body: formBody(changed) };
      },
    ],
    [
      'an unknown file field',
      () => ({
        body: formBody([
          ...parts,
          { name: 'surprise', filename: 'x.png', type: 'image/png', data: samples.png },
        ]),
      }),
    ],
    [
      'a text field twice',
      () => {
        const name = textNames.length > 0 ? rng.pick(textNames) : 'name';
        return { body: formBody([...parts, { name, data: rng.pick(['', 'x', '{"a":1}', '[]']) }]) };
      },
    ],
    [
      '60 text fields',
      () => ({
        body: formBody([
          ...parts,
          ...Array.from({ length: 60 }, (_, index) => ({ name: `f${index}`, data: 'x' })),
        ]),
      }),
    ],
    [
      '45 files in one slot',
      () => {
        const slot = rng.pick(slots);
        const files = Array.from({ length: 45 }, () => ({
          name: slot,
          filename: 'p.png',
          type: 'image/png',
          data: samples.png,
        }));
        return { body: formBody([...parts, ...files]) };
      },
    ],
    [
      'two files in a one-file slot',
      () => {
        const slot = rng.pick(slots);
        const file = { name: slot, filename: 'p.png', type: 'image/png', data: samples.png };
        return { body: formBody([...parts, file, file]) };
      },
    ],
    [
      'a part without a name',
      () => ({
        body: formBody([...parts, { name: '', head: 'Content-Disposition: form-data', data: 'x' }]),
      }),
    ],
    [
      'a part without Content-Disposition',
      () => ({
        body: formBody([...parts, { name: '', head: 'Content-Type: text/plain', data: 'x' }]),
      }),
    ],
    [
      'an attachment part',
      () => ({
        body: formBody([
          ...parts,
          {
            name: 'x',
            head: 'Content-Disposition: attachment; filename="a.png"',
            data: samples.png,
          },
        ]),
      }),
    ],
    [
      'a head line of 20 KB',
      () => ({
        body: formBody([
          ...parts,
          {
            name: 'x',
            head: `Content-Disposition: form-data; name="x"\r\nX-Long: ${'h'.repeat(20_000)}`,
            data: 'x',
          },
        ]),
      }),
    ],
    [
      'a name with CRLF',
      () => ({
        body: formBody([
          ...parts,
          {
            name: 'x',
            head: 'Content-Disposition: form-data; name="a\r\nContent-Type: text/html"',
            data: 'x',
          },
        ]),
      }),
    ],
    [
      'a name with a quote',
      () => ({
        body: formBody([
          ...parts,
          {
            name: 'x',
            head: 'Content-Disposition: form-data; name="a"b"; filename="c"d.png"',
            data: samples.png,
          },
        ]),
      }),
    ],
    [
      'text that is not UTF-8',
      () => {
        const name = textNames.length > 0 ? rng.pick(textNames) : 'name';
        const changed = parts.filter((part) => part.name !== name);
        changed.push({ name, data: Buffer.from([0xff, 0xfe, 0xc0, 0xaf, 0xed, 0xa0, 0x80]) });
        return { body: formBody(changed) };
      },
    ],
    [
      'a part that is itself multipart',
      () => ({
        body: formBody([
          ...parts,
          {
            name: textNames[0] ?? 'x',
            head: `Content-Disposition: form-data; name="${textNames[0] ?? 'x'}"\r\nContent-Type: multipart/mixed; boundary=inner`,
            data: '--inner\r\n\r\nx\r\n--inner--',
          },
        ]),
      }),
    ],
    ['chunked', () => ({ body, chunked: true })],
    ['an empty body', () => ({ body: '' })],
    [
      'form-urlencoded',
      () => ({
        body: textNames.map((name) => `${pct(name)}=x`).join('&'),
        type: 'application/x-www-form-urlencoded',
      }),
    ],
    ['JSON under a multipart type', () => ({ body: sealedBody(input.body, secret) })],
  ];
  const [name, make] = rng.pick(variants);
  const made = make();
  return {
    kind: 'bad-multipart',
    detail: `${name} (${Buffer.byteLength(made.body)} bytes)`,
    wire: {
      ...withBody(wire, made.body, made.type ?? formType),
      ...(made.chunked === true ? { chunked: true } : {}),
    },
  };
}

const queryValues = [
  '',
  ' ',
  '-1',
  '0',
  '-0',
  '1.5',
  '1e2',
  '1e400',
  '-1e308',
  '99999999999999999999999',
  '9007199254740993',
  '2147483648',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  '0b11',
  '٣',
  '１',
  'true',
  'null',
  '%',
  '%zz',
  '%e0%a4',
  '%ff',
  '%00',
  '%C0%AE',
  '*',
  '"',
  "'",
  'a OR b',
  'NEAR(x',
  ':*',
  '!&|',
  '%25',
  '_',
];

function badQuery(call: AnyEndpoint, input: Input, { rng, secret }: AttackContext): Attack {
  const wire = wireOf(call, input, secret);
  const keys = [...new Set([...shapeKeys(call.query), ...Object.keys(input.query)])];
  const names = keys.length > 0 ? keys : ['page', 'limit', 'q', 'id'];
  const raw = (value: string) => (value.startsWith('%') || value === '' ? value : pct(value));
  const variants: [string, () => string][] = [
    [
      'repeated keys',
      () =>
        names
          .map((key) => `${key}=${raw(rng.pick(queryValues))}&${key}=${raw(rng.pick(queryValues))}`)
          .join('&'),
    ],
    ['array keys', () => names.map((key) => `${key}[]=1&${key}[0]=2&${key}[a]=b`).join('&')],
    [
      'huge numbers',
      () =>
        names
          .map(
            (key) =>
              `${key}=${rng.pick(['1e400', '99999999999999999999999', '9007199254740993', '-1e308', '2147483648'])}`,
          )
          .join('&'),
    ],
    [
      'negative pages',
      () => `page=-${rng.between(1, 1e6)}&limit=${rng.pick(['-5', '0', '1000000', '-0'])}`,
    ],
    [
      'NaN and friends',
      () =>
        names
          .map((key) => `${key}=${rng.pick(['NaN', 'Infinity', '-Infinity', 'undefined', 'null'])}`)
          .join('&'),
    ],
    ['odd values', () => names.map((key) => `${key}=${raw(rng.pick(queryValues))}`).join('&')],
    [
      'broken percent-encoding',
      () =>
        names
          .map(
            (key) =>
              `${key}=${rng.pick(['%', '%zz', '%e0%a4', '%ff', '%c0%af', '%ed%a0%80', '%%'])}`,
          )
          .join('&'),
    ],
    ['broken keys', () => `${rng.pick(['%', '%zz', '%ff', '%00', '=', '&&&', '==', '??', ';'])}=1`],
    ['polluting keys', () => rng.pick(pollutingQueries)],
    ['a query of 8 KB', () => `${rng.pick(names)}=${'q'.repeat(8_000)}`],
    ['a query of 40 KB', () => `${rng.pick(names)}=${'q'.repeat(40_000)}`],
    [
      'a thousand keys',
      () => Array.from({ length: 1000 }, (_, index) => `k${index}=${index}`).join('&'),
    ],
    [
      'a key a thousand times',
      () => Array.from({ length: 1000 }, () => `${rng.pick(names)}=1`).join('&'),
    ],
    ['odd unicode', () => names.map((key) => `${key}=${pct(rng.pick(oddTexts))}`).join('&')],
    ['plus signs and spaces', () => names.map((key) => `${key}=+++&${key}+=1`).join('&')],
  ];
  const [name, make] = rng.pick(variants);
  const extraQuery = make();
  const [path, existing] = wire.target.split('?', 2) as [string, string | undefined];
  const keep = existing !== undefined && rng.chance(0.5);
  wire.target = `${path}?${keep ? `${existing}&` : ''}${extraQuery}`;
  return { kind: 'bad-query', detail: `${name}: ${show(wire.target, 200)}`, wire };
}

const idKeys = /^(_?id|categoryId|category|subcategory|cursor|fileName)$/;

function pathTrick(call: AnyEndpoint, input: Input, { rng, secret }: AttackContext): Attack {
  const trick = rng.chance(0.15) ? longId(rng) : rng.pick(pathTricks);
  const params = Object.keys(input.params);
  if (params.length > 0 && rng.chance(0.8)) {
    const name = rng.pick(params);
    input.params[name] = new RawSegment(trick);
    return {
      kind: 'path-trick',
      detail: `path parameter ${name} = ${show(trick, 80)}`,
      wire: wireOf(call, input, secret),
    };
  }
  const idPlaces = placesOf(input).filter(
    (place) =>
      place.part !== 'params' &&
      place.steps.some((step) => typeof step === 'string' && idKeys.test(step)),
  );
  if (idPlaces.length > 0 && rng.chance(0.7)) {
    const place = rng.pick(idPlaces);
    // A query value is sent as written (already escaped); a body value is text as it is.
    setAt(input, place, place.part === 'query' ? new RawSegment(trick) : decodeSafely(trick));
    return {
      kind: 'path-trick',
      detail: `${placeName(place)} = ${show(trick, 80)}`,
      wire: wireOf(call, input, secret),
    };
  }
  const wire = wireOf(call, input, secret);
  const [path, query] = wire.target.split('?', 2) as [string, string | undefined];
  const segments = path.split('/');
  const at = rng.between(1, segments.length);
  const variants: [string, () => string][] = [
    [
      'a segment inserted',
      () => [...segments.slice(0, at), trick, ...segments.slice(at)].join('/'),
    ],
    ['a trailing segment', () => `${path}/${trick}`],
    ['doubled slashes', () => path.replace(/\//g, '//')],
    ['a trailing slash', () => `${path}/`],
    ['dot segments', () => `${path}/../${segments.at(-1) ?? ''}`],
    ['encoded dots', () => `${path}/%2e%2e/${segments.at(-1) ?? ''}`],
    ['upper case', () => path.toUpperCase()],
    ['a matrix parameter', () => `${path};jsessionid=${trick}`],
    ['a NUL', () => `${path}%00`],
    ['an encoded slash', () => path.replace(/\/([^/]*)$/, '%2F$1')],
    ['the media folder', () => `/media/${trick}`],
    ['a fragment', () => `${path}%23x`],
  ];
  const [name, make] = rng.pick(variants);
  wire.target = make() + (query === undefined ? '' : `?${query}`);
  return { kind: 'path-trick', detail: `${name}: ${show(wire.target, 200)}`, wire };
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function badHeaders(call: AnyEndpoint, input: Input, { rng, secret }: AttackContext): Attack {
  const wire = wireOf(call, input, secret);
  const variants: [string, (wire: Wire) => void][] = [
    ['no API key', (w) => void (w.apiKey = null)],
    ['a wrong API key', (w) => void (w.apiKey = rng.hex(32))],
    ['an API key of 8 KB', (w) => void (w.apiKey = 'k'.repeat(8_000))],
    ['an API key with spaces', (w) => void (w.apiKey = ' test-api-key ')],
    ['a bare Bearer', (w) => void (w.authorization = 'Bearer')],
    ['Bearer and a space', (w) => void (w.authorization = 'Bearer ')],
    ['a token of 8 KB', (w) => void (w.authorization = `Bearer ${'t'.repeat(8_000)}`)],
    ['Basic credentials', (w) => void (w.authorization = 'Basic YWRtaW46YWRtaW4=')],
    ['an API-token look-alike', (w) => void (w.authorization = `Bearer ddk_${rng.hex(40)}`)],
    ['three words', (w) => void (w.authorization = 'Bearer a b c')],
    ['latin-1 bytes', (w) => void (w.authorization = 'Bearer é\u00ff\u00a0')],
    ['another scheme', (w) => void (w.authorization = `Token ${rng.hex(40)}`)],
    [
      'an odd Idempotency-Key',
      (w) =>
        void (w.headers['idempotency-key'] = rng.pick([
          '',
          ' ',
          'k'.repeat(300),
          'é',
          'a b',
          '\t',
        ])),
    ],
    ['a long Idempotency-Key', (w) => void (w.headers['idempotency-key'] = 'k'.repeat(255))],
    [
      'an If-None-Match',
      (w) => void (w.headers['if-none-match'] = rng.pick(['*', '"x"', 'W/"', '"'.repeat(100)])),
    ],
    [
      'a content type with odd parameters',
      (w) =>
        void (w.headers['content-type'] =
          `${w.headers['content-type'] ?? 'application/json'}; charset=${rng.pick(['utf-16', 'evil', '', '"'])}; x=${'y'.repeat(100)}`),
    ],
    [
      'an odd Accept-Encoding',
      (w) => void (w.headers['accept-encoding'] = 'gzip;q=2, br;q=NaN, *;q=-1'),
    ],
    [
      'an odd Range',
      (w) =>
        void (w.headers.range = rng.pick([
          'bytes=-1',
          'bytes=99999999999999999999-',
          'bytes=0-0,0-0,0-0',
        ])),
    ],
    [
      'an odd Host',
      (w) =>
        void (w.headers.host = rng.pick([
          'evil.example',
          '<script>',
          'a b',
          'xn--',
          '[::1',
          '%00',
          'localhost:99999',
          `${'h'.repeat(8_000)}.example`,
          'LOCALHOST',
        ])),
    ],
    [
      'a forwarded host and scheme',
      (w) => {
        w.headers['x-forwarded-host'] = rng.pick(['evil.example', '<script>', 'a b']);
        w.headers['x-forwarded-proto'] = rng.pick(['javascript', 'https', 'gopher', '']);
        w.headers['x-forwarded-for'] = rng.pick([
          '<img src=x onerror=alert(1)>',
          '=HYPERLINK("x")',
        ]);
      },
    ],
    [
      'a Content-Length that lies',
      (w) =>
        void (w.headers['content-length'] = String(
          Math.max(0, (w.body?.length ?? 0) + rng.pick([-1, 1, 64, -(w.body?.length ?? 0)])),
        )),
    ],
    [
      'Transfer-Encoding beside Content-Length',
      (w) => {
        w.headers['transfer-encoding'] = rng.pick(['chunked', 'gzip, chunked', 'chunked, chunked']);
        w.headers['content-length'] = String(w.body?.length ?? 0);
      },
    ],
    [
      'forwarded-for noise',
      (w) =>
        void (w.headers['x-forwarded-for'] =
          `${rng.pick(oddTexts.filter((text) => /^[\x20-\x7e]*$/.test(text)))}, 10.0.0.1`),
    ],
  ];
  const [name, apply] = rng.pick(variants);
  apply(wire);
  return { kind: 'bad-headers', detail: name, wire };
}

/**
 * A body sent slowly, or begun and never finished: the server answers within its body idle
 * limit (DEALDESK_BODY_IDLE_SECONDS) and closes the connection, or refuses the caller at once.
 */
function slowBody(call: AnyEndpoint, input: Input, { rng, secret }: AttackContext): Attack {
  const wire = wireOf(call, input, secret);
  // A call without a body is promised one that never comes.
  if (wire.body === undefined) wire.headers['content-length'] = '64';
  wire.pace =
    wire.body === undefined ? 'stall-start' : rng.pick(['trickle', 'stall-half', 'stall-start']);
  return { kind: 'slow-body', detail: wire.pace, wire };
}

const attackers: Record<
  AttackKind,
  (call: AnyEndpoint, input: Input, context: AttackContext) => Attack
> = {
  'wrong-type': wrongType,
  missing,
  extra,
  'huge-string': hugeString,
  'odd-unicode': oddUnicode,
  'proto-keys': protoKeys,
  'bad-envelope': badEnvelope,
  'bad-multipart': badMultipart,
  'bad-query': badQuery,
  'path-trick': pathTrick,
  'bad-headers': badHeaders,
  'slow-body': slowBody,
};

/** One attack of a kind on a call, made from a copy of its valid input. */
export function attack(
  kind: AttackKind,
  call: AnyEndpoint,
  valid: Input,
  context: AttackContext,
): Attack {
  return attackers[kind](call, copyInput(valid), context);
}
