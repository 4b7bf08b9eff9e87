// Seeded fuzzing of every declared call over real HTTP against a real server, on each dialect.
// Case i takes call i of the contract (round robin) and one kind of attack (wrong types and edge
// numbers, missing and extra fields, texts of 100 KB and more, odd unicode, prototype-polluting
// keys, bad envelopes, malformed multipart, bad query strings, path tricks in ids, bad headers),
// made from the call's valid input (bases.ts: real ids of items made first, so a bad value
// reaches the handler and the database) by a generator seeded from the run's seed and i
// (attacks.ts). Each case is sent signed in (an admin's session, or the temporary token of a
// sign-in or reset step) and without credentials, by node:http with nothing in between.
// Every answer must be below 500 (the scraper's documented 502 and 504 aside), GET /health must
// answer after every case, no answer may carry a stack trace, Object.prototype must stay clean,
// and the heap must come back near where it was after a warm-up. The dialects run side by side
// (one JavaScript thread): one's waits on PostgreSQL are the other's time to work.
//
//   DEALDESK_FUZZ_SEED=<number or text>  the run's seed (default 0x19dea1); failures print it
//   DEALDESK_FUZZ_CASES=<n>              cases per dialect (default: calls x attack kinds, so
//                                        every call meets every attack once); 1000000 for a
//                                        long run
//   DEALDESK_FUZZ_CASE=<i>               replays case i alone (with the seed it failed with)
//   DEALDESK_FUZZ_DIALECTS=sqlite        only these dialects (comma-separated)
import { allEndpoints, isResponseEnvelope, type Access, type AnyEndpoint } from '@dealdesk/core';
import type { FastifyInstance } from 'fastify';
import {
  Agent,
  request as httpRequest,
  type ClientRequest,
  type IncomingHttpHeaders,
} from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultBodyDeadlines } from '../http/body-deadlines.js';
import { sampleBytes } from '../modules/stories/testing.js';
import { codeIn } from '../testing/smtp-capture.js';
import {
  clientFor,
  createTestAdmin,
  dialects,
  freshDatabase,
  signIn,
  startTestServer,
  testAuthSettings,
  testConfig,
  type DialectUnderTest,
  type TestDatabase,
  type TestServer,
} from '../testing/harness.js';
import {
  attack,
  attackKinds,
  caseSeed,
  hugeTexts,
  openAnswer,
  Rng,
  seedFrom,
  show,
  wireOf,
  type Attack,
  type AttackContext,
  type Wire,
} from './attacks.js';
import { baseInput, bases, type Fixtures } from './bases.js';

const env = process.env;
const seed = seedFrom(env.DEALDESK_FUZZ_SEED, 0x19_dea1);
const calls = allEndpoints();
const casesPerDialect = Number(env.DEALDESK_FUZZ_CASES ?? calls.length * attackKinds.length);
const onlyCase = env.DEALDESK_FUZZ_CASE === undefined ? undefined : Number(env.DEALDESK_FUZZ_CASE);
const chosen = env.DEALDESK_FUZZ_DIALECTS?.split(',').map((name) => name.trim());
const underTest = dialects.filter((dialect) => chosen === undefined || chosen.includes(dialect));

/** Case i attacks calls[i % calls] with kind (i / calls) % kinds: every pair once in calls x kinds. */
const planOf = (index: number) => ({
  entry: calls[index % calls.length] as { name: string; call: AnyEndpoint },
  kind: attackKinds[Math.floor(index / calls.length) % attackKinds.length] as Attack['kind'],
});

const samples = {
  png: sampleBytes.png,
  jpg: sampleBytes.jpg,
  gif: sampleBytes.gif,
  mp4: sampleBytes.mp4,
};
const huge = hugeTexts(seed);
/** The servers' body idle limit: a stalled body's case waits this long for its answer. */
const fuzzBodyIdleSeconds = 1;

/** Calls after which the kept session may be gone (and is then signed in again). */
const sessionEnders = new Set([
  'admin.logout',
  'admin.revokeToken',
  'admin.newPassword',
  'admin.updateProfile',
]);

/**
 * A forced garbage collection: node's gc when the process was started with --expose-gc, else
 * the same function taken from V8 after turning the flag on (V8 allows it at run time).
 */
function garbageCollector(): (() => void) | undefined {
  const global = globalThis as { gc?: () => void };
  if (typeof global.gc === 'function') return global.gc;
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    return typeof gc === 'function' ? (gc as () => void) : undefined;
  } catch {
    return undefined;
  }
}
const gc = garbageCollector();

/** The heap after a full collection; without one, the resident set (much noisier). */
async function memoryNow(): Promise<{ bytes: number; measure: 'heapUsed' | 'rss' }> {
  if (gc === undefined) return { bytes: process.memoryUsage().rss, measure: 'rss' };
  for (let round = 0; round < 3; round += 1) {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { bytes: process.memoryUsage().heapUsed, measure: 'heapUsed' };
}

interface Answer {
  status: number;
  text: string;
  headers: IncomingHttpHeaders;
  /** The client's error when no answer came. */
  error?: string;
}

/** Sends one request as it is (no client library between), and reads the whole answer. */
function send(
  agent: Agent | false,
  server: TestServer,
  wire: Wire,
  token: string | null,
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (wire.apiKey !== null) headers['x-api-key'] = wire.apiKey ?? server.config.apiKey;
  const authorization = wire.authorization ?? (token === null ? undefined : `Bearer ${token}`);
  if (authorization !== undefined) headers.authorization = authorization;
  Object.assign(headers, wire.headers);
  // Node frames a GET's body only when told to: chunked, or with its length (unless the attack
  // gave its own framing headers, lies included).
  const framed = 'content-length' in wire.headers || 'transfer-encoding' in wire.headers;
  if (wire.chunked === true) headers['transfer-encoding'] = 'chunked';
  else if (!framed && (wire.body !== undefined || wire.method !== 'GET'))
    headers['content-length'] = String(wire.body?.length ?? 0);
  return new Promise((resolve) => {
    let answered = false;
    // A body left unfinished is given up on after the server's idle limit and 5 s more.
    const giveUp =
      wire.pace === 'stall-half' || wire.pace === 'stall-start'
        ? setTimeout(
            () => {
              resolve({ status: -2, text: '', headers: {}, error: 'no answer to a stalled body' });
              outgoing?.destroy();
            },
            (fuzzBodyIdleSeconds + 5) * 1000,
          )
        : undefined;
    const url = new URL(server.baseUrl);
    let outgoing: ClientRequest | undefined;
    try {
      outgoing = httpRequest({
        agent,
        host: url.hostname,
        port: url.port,
        method: wire.method,
        path: wire.target,
        headers,
      });
    } catch (error) {
      resolve({
        status: -1,
        text: '',
        headers: {},
        error: `not sent: ${(error as Error).message}`,
      });
      return;
    }
    outgoing.on('response', (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      const done = (error?: string) => {
        clearTimeout(giveUp);
        // A stalled body's request is still open on our side: the answer ends it.
        if (wire.pace !== undefined) outgoing?.destroy();
        resolve({
          status: response.statusCode ?? 0,
          text: Buffer.concat(chunks).toString(),
          headers: response.headers,
          ...(error === undefined ? {} : { error }),
        });
      };
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done());
      response.on('error', (error) => done(error.message));
    });
    outgoing.on('error', (error) => {
      if (!answered) resolve({ status: 0, text: '', headers: {}, error: error.message });
    });
    void writeBody(outgoing, wire);
  });
}

/** Writes a request's body as its pace says: at once, in pieces, or partly and never ended. */
async function writeBody(outgoing: ClientRequest, wire: Wire): Promise<void> {
  const body = wire.body ?? Buffer.alloc(0);
  switch (wire.pace) {
    case undefined:
      if (body.length > 0) outgoing.write(body);
      outgoing.end();
      return;
    case 'trickle': {
      const piece = Math.max(1, Math.ceil(body.length / 8));
      for (let at = 0; at < body.length && !outgoing.destroyed; at += piece) {
        outgoing.write(body.subarray(at, at + piece));
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      outgoing.end();
      return;
    }
    case 'stall-half':
      outgoing.write(body.subarray(0, Math.floor(body.length / 2)));
      return;
    case 'stall-start':
      outgoing.flushHeaders();
      return;
  }
}

const headSize = (wire: Wire) =>
  wire.target.length +
  Object.entries(wire.headers).reduce(
    (sum, [name, value]) => sum + name.length + value.length + 4,
    0,
  ) +
  (wire.authorization?.length ?? 0) +
  (wire.apiKey?.length ?? 0) +
  200;

const stackTrace = /\n\s+at .+[(\s].*:\d+:\d+|node_modules\//;

const pollutionFree = () => {
  const probe = {} as Record<string, unknown>;
  return probe.polluted === undefined && probe.isAdmin === undefined && probe.status === undefined;
};
const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).join(',');

interface Failure {
  index: number;
  call: string;
  kind: string;
  detail: string;
  credentials: string;
  what: string;
  status: number;
  message: string;
  serverError: string;
  request: string;
}

/** One dialect's server, fixtures and credentials, and the cases run against it. */
function fuzzer(dialect: DialectUnderTest) {
  let database: TestDatabase | undefined;
  let server: TestServer;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  /**
   * What the server threw while answering a request, by request id (kept until read). Its stack
   * is formatted only for a failure's report: vitest maps every frame through source maps, which
   * cost more than the request itself.
   */
  const thrown = new Map<string, Error>();
  let session = '';
  let fixtures: Fixtures;
  /** The case being sent: printed if the run ends inside it (a hang). */
  let inFlight: string | null = null;
  const mailWaiters: { addressed: (text: string) => boolean; resolve: (code: string) => void }[] =
    [];
  /** What the run found; `stored` counts the items its valid-shaped creating cases stored. */
  const outcome = {
    dialect,
    ran: 0,
    resignIns: 0,
    stored: 0,
    /** Failures in all (`failures` keeps the first thousand). */
    failed: 0,
    failures: [] as Failure[],
    /** The case after which GET /health went unanswered. */
    dead: undefined as number | undefined,
  };

  let operator: Awaited<ReturnType<typeof createTestAdmin>> | undefined;
  const signInOperator = async () => {
    operator ??= await createTestAdmin(server);
    session = await signIn(server, operator);
  };
  /** Temporary tokens of the sign-in and reset steps, kept until a case spends one. */
  const stepTokens = new Map<Access, string>();

  /**
   * A request on the kept-alive connection. One the server closed after its last answer (as it
   * does after a refused body) can fail a request before it arrives: such a request is sent
   * again on a connection of its own, and only then counts as unanswered.
   */
  const deliver = async (wire: Wire, token: string | null): Promise<Answer> => {
    // A body paced or framed by the attack would leave the kept connection out of step.
    if (wire.pace !== undefined || 'content-length' in wire.headers)
      return send(false, server, wire, token);
    const answer = await send(agent, server, wire, token);
    return answer.status === 0 ? send(false, server, wire, token) : answer;
  };

  const opened = (answer: Answer): Record<string, unknown> | undefined => {
    try {
      const parsed = JSON.parse(answer.text) as unknown;
      const plain = isResponseEnvelope(parsed) ? openAnswer(parsed, server.config.secret) : parsed;
      return typeof plain === 'object' && plain !== null
        ? (plain as Record<string, unknown>)
        : undefined;
    } catch {
      return undefined;
    }
  };

  /** A call made the normal way, signed in; its answer's fields (throws unless it succeeded). */
  const succeed = async (
    name: string,
    adjust: (input: ReturnType<typeof baseInput>) => void = () => {},
  ) => {
    const call = calls.find((entry) => entry.name === name)?.call;
    if (call === undefined) throw new Error(`no call ${name}`);
    const input = baseInput(name, call, fixtures, new Rng(seed), samples);
    adjust(input);
    const answer = await deliver(wireOf(call, input, server.config.secret), session);
    const fields = opened(answer);
    if (answer.status >= 300 || fields?.status !== true)
      throw new Error(`${name} failed while making the fixtures: ${answer.status} ${show(fields)}`);
    return fields;
  };
  const idOf = (fields: Record<string, unknown>) => (fields.data as { _id: string })._id;
  const firstId = (fields: Record<string, unknown>) =>
    (fields.data as { _id: string }[])[0]?._id ?? '';

  /** Waits for the mail to `email` the console mailer prints (reset mails leave after the answer). */
  const mailTo = (email: string): Promise<string> => {
    const addressed = (text: string) => text.toLowerCase().includes(`to: ${email.toLowerCase()}`);
    const printed = server.printed.findLast(addressed);
    if (printed !== undefined) return Promise.resolve(codeIn(printed));
    return new Promise((resolve) => mailWaiters.push({ addressed, resolve }));
  };

  const newVictim = async () => {
    fixtures.victim = await createTestAdmin(server);
  };

  /** The temporary token a sign-in or reset step carries, from the steps before it. */
  const stepToken = async (access: Access): Promise<string> => {
    const api = (token: string | null) => clientFor(server, () => token);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const { victim } = fixtures;
      if (access === 'login-code') {
        const login = await api(null).admin.login({
          a_id: victim.a_id,
          a_password: victim.password,
        });
        if (login.token !== undefined) return login.token;
      } else {
        const reset = await api(null).admin.forgetPassword({ a_email: victim.a_email });
        if (reset.token !== undefined && access === 'reset-code') return reset.token;
        if (reset.token !== undefined) {
          const code = await mailTo(victim.a_email);
          const verified = await api(reset.token).admin.forgetPasswordOtp({ otp: code });
          if (verified.status) return reset.token;
        }
      }
      // A case changed the victim's password (a valid new password): attack a new one.
      await newVictim();
    }
    throw new Error(`no temporary token for ${access}`);
  };

  const credentialsFor = async (access: Access): Promise<string | null> => {
    if (access === 'public') return null;
    if (access === 'admin' || access === 'session') return session;
    const kept = stepTokens.get(access);
    if (kept !== undefined) return kept;
    const token = await stepToken(access);
    stepTokens.set(access, token);
    return token;
  };

  const start = async () => {
    database = await freshDatabase(dialect);
    const unlimited = { max: 1_000_000_000, windowMs: 60_000 };
    server = await startTestServer(
      testConfig(database, {
        // Stalled bodies are answered within a second (and the whole request within a minute).
        bodyDeadlines: {
          ...defaultBodyDeadlines,
          idleMs: fuzzBodyIdleSeconds * 1000,
        },
        // The run signs in and attacks sign-in steps far more often than any person could.
        auth: {
          ...testAuthSettings,
          loginPerAddress: unlimited,
          loginPerAdminId: unlimited,
          loginPerAdminIdAndAddress: unlimited,
        },
      }),
      (app: FastifyInstance) => {
        app.addHook('onError', async (request, _reply, error) => {
          thrown.set(request.id, error);
        });
        app.addHook('onSend', async (request, reply) => {
          reply.header('x-fuzz-request', request.id);
        });
      },
    );
    // Each mail the console mailer prints wakes whoever waits for it.
    const printed = server.printed;
    printed.push = (...texts: string[]) => {
      for (const text of texts)
        for (const waiter of mailWaiters.splice(0))
          if (waiter.addressed(text)) waiter.resolve(codeIn(text));
          else mailWaiters.push(waiter);
      return Array.prototype.push.apply(printed, texts);
    };
    await signInOperator();
    fixtures = {
      category: '',
      subcategory: '',
      product: '',
      shortcut: '',
      story: '',
      storyAd: '',
      banner: '',
      inHouseAd: '',
      notification: '',
      webAd: '',
      adUnit: '',
      victim: await createTestAdmin(server),
    };
    fixtures.category = idOf(await succeed('categories.add'));
    fixtures.subcategory = idOf(await succeed('subcategories.add'));
    fixtures.product = idOf(await succeed('products.create'));
    fixtures.shortcut = idOf(await succeed('shortcuts.add'));
    fixtures.story = idOf(await succeed('stories.add'));
    fixtures.storyAd = idOf(await succeed('storyAds.add'));
    fixtures.banner = idOf(await succeed('banners.add'));
    await succeed('inHouseAds.create');
    fixtures.inHouseAd = firstId(await succeed('inHouseAds.list'));
    fixtures.notification = idOf(await succeed('notifications.send'));
    await succeed('webAds.add');
    fixtures.webAd = firstId(await succeed('webAds.list'));
    await succeed('adUnits.add', (input) => {
      input.params.type = 'native';
    });
    fixtures.adUnit = firstId(
      await succeed('adUnits.list', (input) => {
        input.params.type = 'native';
      }),
    );
  };

  const stop = async () => {
    if (inFlight !== null) console.error(`[fuzz] ${dialect}: the run ended during ${inFlight}`);
    agent.destroy();
    await server?.close();
    await database?.drop();
  };

  /** One case: its attack sent signed in and without credentials, then the health check. */
  async function runCase(index: number): Promise<{ healthy: boolean }> {
    const { entry, kind } = planOf(index);
    const rng = new Rng(caseSeed(seed, index));
    const context: AttackContext = { rng, secret: server.config.secret, samples, huge };
    const input = baseInput(entry.name, entry.call, fixtures, rng, samples);
    const made = attack(kind, entry.call, input, context);
    server.printed.length = 0;
    // A public call has no credentials to leave out: it is sent once.
    const tried: [string, string | null][] =
      entry.call.access === 'public'
        ? [['with the API key only', null]]
        : [
            [`signed in (${entry.call.access})`, await credentialsFor(entry.call.access)],
            ['without credentials', null],
          ];
    let sessionMayBeGone = sessionEnders.has(entry.name);
    for (const [credentials, token] of tried) {
      inFlight = `case ${index} (${entry.name}, ${kind}: ${made.detail}) ${credentials}`;
      const answer = await deliver(made.wire, token);
      const fields = answer.status >= 400 ? opened(answer) : undefined;
      const requestId = String(answer.headers['x-fuzz-request'] ?? '');
      const error = thrown.get(requestId);
      thrown.clear();
      const message = typeof fields?.message === 'string' ? fields.message : (answer.error ?? '');
      const fail = (what: string) => {
        outcome.failed += 1;
        // A long run keeps the first thousand failures whole (and stops growing there).
        if (outcome.failures.length >= 1000) return;
        outcome.failures.push({
          index,
          call: `${entry.name} (${entry.call.method} ${entry.call.path})`,
          kind,
          detail: made.detail,
          credentials,
          what,
          status: answer.status,
          message,
          serverError: (error?.stack ?? '').split('\n').slice(0, 4).join(' | '),
          request: `${made.wire.method} ${show(made.wire.target, 300)} headers ${show(made.wire.headers, 200)} body ${made.wire.body === undefined ? 'none' : `${made.wire.body.length} bytes ${show(made.wire.body.subarray(0, 300).toString('latin1'), 300)}`}`,
        });
      };
      // A request head over Node's limit (16 KB) is refused by its HTTP parser with 431 before
      // the app sees it; the client, still writing, often sees only the reset.
      const refusedHead = answer.status === 0 && headSize(made.wire) > 16_384;
      // The scraper answers 502 or 504 for a page it could not fetch (docs): its status, not a fault.
      const fetchFailed = entry.name === 'products.scrape' && [502, 504].includes(answer.status);
      if ((answer.status >= 500 && !fetchFailed) || (answer.status <= 0 && !refusedHead))
        fail(answer.status <= 0 ? 'no answer' : 'a 5xx answer');
      else if (stackTrace.test(answer.text) || stackTrace.test(message))
        fail('a stack trace in the answer');
      // A host named by the request never reaches a link (links come from configuration).
      if (
        show(made.wire.headers, Infinity).includes('evil.example') &&
        `${JSON.stringify(opened(answer) ?? answer.text)} ${JSON.stringify(answer.headers)}`.includes(
          '//evil.example',
        )
      )
        fail('a link to the host the request named');
      // One prototype for both dialects' servers: the other dialect's case in flight may be the
      // one that changed it (the replay line runs one case of one dialect alone).
      if (
        !pollutionFree() ||
        Object.getOwnPropertyNames(Object.prototype).join(',') !== prototypeKeys
      )
        fail('Object.prototype was changed');
      if (entry.call.idempotent === true && answer.status < 300) outcome.stored += 1;
      if (token === session && answer.status === 401 && made.wire.authorization === undefined)
        sessionMayBeGone = true;
      // A step's token is spent by its step (or by too many wrong codes): the next case gets another.
      if (token !== null && token !== session && (answer.status < 300 || answer.status === 401))
        stepTokens.delete(entry.call.access);
    }
    inFlight = `the health check after case ${index}`;
    // On the kept-alive connection (a new one cost as much as the case's own requests), and on
    // a connection of its own every 64 cases: the server still takes new ones.
    const healthCheck: Wire = { method: 'GET', target: '/health', headers: {} };
    const health =
      index % 64 === 63
        ? await send(false, server, healthCheck, null)
        : await deliver(healthCheck, null);
    inFlight = null;
    if (health.status !== 200) {
      console.error(
        `[fuzz] ${dialect} GET /health after case ${index} (${entry.name}, ${kind}: ${made.detail}) answered ${health.status} ${show(health.error ?? health.text)}`,
      );
      return { healthy: false };
    }
    if (sessionMayBeGone) {
      const check = await deliver(
        { method: 'GET', target: '/api/admin/Authorization', headers: {} },
        session,
      );
      if (check.status === 401) {
        outcome.resignIns += 1;
        await signInOperator();
      }
    }
    return { healthy: true };
  }

  /** Runs these cases in turn; none after the server stopped answering. */
  const runCases = async (indexes: readonly number[]) => {
    for (const index of indexes) {
      if (outcome.dead !== undefined) return;
      outcome.ran += 1;
      const { healthy } = await runCase(index);
      if (!healthy) outcome.dead = index;
    }
  };

  return { start, stop, runCases, outcome, fixtures: () => fixtures };
}

describe(`fuzzing every declared call on ${underTest.join(' and ')}`, () => {
  const fuzzers = underTest.map(fuzzer);
  /** The work of each dialect at once; it fails once all are done (none left running on). */
  const eachAtOnce = async (work: (run: ReturnType<typeof fuzzer>) => Promise<void>) => {
    const settled = await Promise.allSettled(fuzzers.map(work));
    for (const result of settled) if (result.status === 'rejected') throw result.reason;
  };

  beforeAll(() => eachAtOnce((run) => run.start()));
  afterAll(() => eachAtOnce((run) => run.stop()));

  it('starts every call from a valid input', () => {
    // A call without one is still attacked, but mostly meets its schema's first refusal: a new
    // call gets its valid input in bases.ts.
    expect(
      calls.map(({ name }) => name).filter((name) => bases[name] === undefined),
      'calls without a valid input in server/src/fuzz/bases.ts',
    ).toEqual([]);
    const named = calls.filter(({ name }) => bases[name] !== undefined);
    const invalid = fuzzers.flatMap((run) =>
      named.flatMap(({ name, call }) => {
        const input = baseInput(name, call, run.fixtures(), new Rng(seed), samples);
        const files = Object.fromEntries(
          Object.entries(input.files).map(([slot, list]) => {
            const asFile = (file: (typeof list)[number]) => ({
              name: `upload.${file.filename.split('.').pop() ?? ''}`,
              size: file.bytes.length,
              type: file.type,
            });
            const listed = call.body?.kind === 'multipart' && call.body.lists?.includes(slot);
            return [slot, listed ? list.map(asFile) : asFile(list[0] as (typeof list)[number])];
          }),
        );
        const text = (value: unknown) =>
          call.body?.kind === 'multipart' && typeof value !== 'object' ? String(value) : value;
        const body = Object.fromEntries(
          Object.entries(input.body).map(([key, value]) => [key, text(value)]),
        );
        const query = Object.fromEntries(
          Object.entries(input.query).map(([key, value]) => [
            key,
            Array.isArray(value) ? value.map(String) : String(value),
          ]),
        );
        const parts: [string, unknown, unknown][] = [
          ['params', call.params, input.params],
          ['query', call.query, query],
          ['body', call.body?.schema, { ...body, ...files }],
        ];
        return parts.flatMap(([part, schema, value]) => {
          if (schema === undefined) return [];
          const parsed = (schema as AnyEndpoint['answer']).safeParse(value);
          return parsed.success
            ? []
            : [`${run.outcome.dialect}: ${name} ${part}: ${parsed.error.issues[0]?.message ?? ''}`];
        });
      }),
    );
    expect(invalid).toEqual([]);
  });

  it(
    `answers ${onlyCase === undefined ? casesPerDialect : 1} cases on each (seed 0x${seed.toString(16)}) without a 5xx, and stays up and lean`,
    async () => {
      const indexes = onlyCase === undefined ? [...Array(casesPerDialect).keys()] : [onlyCase];
      // Two rounds of calls first: lazy modules, compiled code and caches settle before the heap
      // is read.
      const warmUp = onlyCase === undefined ? Math.min(indexes.length, calls.length * 2) : 0;
      await eachAtOnce((run) => run.runCases(indexes.slice(0, warmUp)));
      const measured = warmUp < indexes.length;
      const before = measured ? await memoryNow() : undefined;
      for (const { outcome } of fuzzers) outcome.stored = 0;
      await eachAtOnce((run) => run.runCases(indexes.slice(warmUp)));
      const after = await memoryNow();

      const outcomes = fuzzers.map((run) => run.outcome);
      for (const { dialect, failures, failed, ran, resignIns, stored } of outcomes) {
        const report = failures
          .slice(0, 40)
          .map(
            (failure) =>
              `[fuzz] ${dialect} seed=0x${seed.toString(16)} case=${failure.index}: ${failure.what} ${failure.status} ` +
              `from ${failure.call}, ${failure.kind}: ${failure.detail}; ${failure.credentials}\n` +
              `  answer: ${show(failure.message, 300)}\n` +
              (failure.serverError === '' ? '' : `  thrown: ${failure.serverError}\n`) +
              `  request: ${failure.request}\n` +
              `  replay: DEALDESK_FUZZ_SEED=0x${seed.toString(16)} DEALDESK_FUZZ_CASE=${failure.index} DEALDESK_FUZZ_DIALECTS=${dialect} node_modules/.bin/vitest run --project packages server/src/fuzz/fuzz.test.ts`,
          );
        for (const line of report) console.error(line);
        if (failed > report.length) console.error(`[fuzz] ...and ${failed - report.length} more`);
        console.info(
          `[fuzz] ${dialect}: ${ran} cases, seed 0x${seed.toString(16)}, ${failed} failures, ` +
            `${resignIns} sign-ins again, ${stored} items stored`,
        );
      }
      const growth = before === undefined ? 0 : after.bytes - before.bytes;
      console.info(
        `[fuzz] ${after.measure} ${before === undefined ? 'not compared' : `${(before.bytes / 2 ** 20).toFixed(1)} -> ${(after.bytes / 2 ** 20).toFixed(1)} MB`}`,
      );

      expect(
        outcomes.flatMap(({ dialect, dead }) =>
          dead === undefined ? [] : [`${dialect}: GET /health went unanswered after case ${dead}`],
        ),
        'the server stopped answering',
      ).toEqual([]);
      expect(
        outcomes.flatMap(({ dialect, failures }) =>
          failures.map(
            (failure) =>
              `${dialect} case ${failure.index} ${failure.call} ${failure.kind}: ${failure.what} ${failure.status}`,
          ),
        ),
      ).toEqual([]);
      if (before !== undefined) {
        // What a run may keep, for each dialect's server: the items its valid-shaped cases
        // stored (the catalogue and the totals in memory hold them), the content API's
        // remembered answers (at most 2,000) and compiled code. The heap is read after full
        // collections; without a collector the resident set is much noisier (freed pages stay
        // with the process), so the bound is four times looser.
        const stored = outcomes.reduce((sum, outcome) => sum + outcome.stored, 0);
        const allowance = outcomes.length * 64 * 2 ** 20 + stored * 8 * 1024;
        const bound = after.measure === 'heapUsed' ? allowance : 4 * allowance;
        expect(growth, `${after.measure} grew by ${(growth / 2 ** 20).toFixed(1)} MB`).toBeLessThan(
          bound,
        );
      }
    },
    // Each dialect's cases, at once: under 200 ms a case even on a busy machine.
    120_000 + (onlyCase === undefined ? casesPerDialect : 1) * 200 * underTest.length,
  );
});
