// The one way a module implements an API call: the call's declaration in core (method, path,
// access, input schemas, answer schema, success message) is registered here, the input is
// checked before the handler runs, and the answer is checked against its schema when answer
// checks are on (tests, development). The API key, the envelope and the error answers are
// handled once around every route (see app.ts).
import {
  refusalOf,
  rowColumns,
  rowFormatOf,
  rowFormats,
  rowsFileName,
  rowsText,
  type AnyEndpoint,
  type BodySpec,
  type Endpoint,
  type AdminRole,
  type RowsSpec,
  type TokenScope,
} from '@dealdesk/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import type { z } from 'zod';
import type { RateLimitRule } from '../config.js';
import type { AdminRefusal } from '../operations/metrics.js';
import { actAs, requestActor, withActor, type Actor } from './actor.js';
import type { BodyChecker } from './body-check.js';
import { clientAddress } from './client-address.js';
import { bodyPreparers } from './body-preparers.js';
import { keepBodyDigest, SealedBody } from './envelope.js';
import type { EnvelopeKeys } from './envelope-keys.js';
import { HttpError, RateLimited } from './errors.js';
import type { RunIdempotent } from './idempotency.js';
import type { FrontCache } from './front-cache.js';
import { JsonText } from '@dealdesk/core';
import { Published, publishWith } from './published.js';
import { noForm, type Form, type UploadSpool } from './uploads.js';

export type { Access } from '@dealdesk/core';
import type { Access } from '@dealdesk/core';

/** A signed-in administrator, through a session or an API token. */
export interface AdminCaller {
  adminId: string;
  tokenId: string;
  via: 'session' | 'api';
  /** Read with the token on every request: a change counts from the next one. */
  role: AdminRole;
  /** An API token's scope ('write' for a session). */
  scope: TokenScope;
}

/** The holder of a temporary sign-in or reset token (no admin behind an unknown email's). */
export interface PendingCaller {
  adminId: string | null;
  tokenId: string;
}

export type CallerFor<A extends Access> = A extends 'public'
  ? null
  : A extends 'session' | 'admin'
    ? AdminCaller
    : PendingCaller;

/** Finds the caller behind a request's bearer token, or throws 401. */
export type AccessGuard = (
  request: FastifyRequest,
  access: Exclude<Access, 'public'>,
) => Promise<AdminCaller | PendingCaller>;

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type BodyOf<B> = B extends BodySpec ? z.output<B['schema']> : undefined;

/** A call's checked input: path parameters, query and body (a form's fields for multipart). */
export interface RouteInput<E> {
  params: E extends Endpoint<infer P, z.ZodType | undefined> ? Parsed<P> : never;
  query: E extends Endpoint<z.ZodType | undefined, infer Q> ? Parsed<Q> : never;
  body: E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, infer B>
    ? BodyOf<B>
    : never;
}

export interface RouteContext<E extends AnyEndpoint> extends RouteInput<E> {
  caller: CallerFor<E['access']>;
  /** A multipart call's checked files (empty otherwise). */
  form: Form<string>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * What a handler answers: the fields its declaration's answer schema names (a list kept as
 * JSON text stands for its value), and another message when the call has more than one.
 */
export type Fields<E extends AnyEndpoint> = (string extends keyof z.input<E['answer']>
  ? object
  : { [Key in keyof z.input<E['answer']>]: z.input<E['answer']>[Key] | JsonText }) & {
  message?: string;
};

/**
 * What a streamed list's handler answers (a declaration with `rows`): its rows, each as the
 * declaration's row schema takes it, read only as fast as the caller takes the file.
 */
export type Rows<E extends AnyEndpoint> = AsyncIterable<z.input<E['answer']>>;

/** What a handler answers: rows for a streamed list, else fields or a published answer. */
export type Answer<E extends AnyEndpoint> = E extends { rows: RowsSpec }
  ? Rows<E>
  : Fields<E> | Published;

/** Counts one attempt against a limit; throws 429 when the limit is spent. */
export type AttemptLimit<I> = (input: I, request: FastifyRequest) => Promise<void>;

/** A call's input and context with the body as its implementation's `prepare` gives it. */
type PreparedInput<E, P> = Omit<RouteInput<E>, 'body'> & { body: P };
export type PreparedContext<E extends AnyEndpoint, P> = Omit<RouteContext<E>, 'body'> & {
  body: P;
};

export interface Implementation<E extends AnyEndpoint, P = RouteInput<E>['body']> {
  /** Checked after validation, before the handler. */
  limits?: readonly AttemptLimit<PreparedInput<E, NoInfer<P>>>[];
  /**
   * The handler's first steps on its checked JSON body: the function body-preparers.ts lists
   * for the call, run on the body thread for a large body.
   */
  prepare?: (body: RouteInput<E>['body']) => P;
  /**
   * The answer's fields, or an answer published once for many requests (api.publish); a
   * streamed list's rows.
   */
  handler(context: PreparedContext<E, P>): Promise<Answer<E>>;
}

export interface ApiRouter {
  /** Registers a declared call; the handler only implements it. */
  implement<E extends AnyEndpoint, P = RouteInput<E>['body']>(
    call: E,
    implementation: Implementation<E, P>,
  ): void;
  /**
   * A call's answer sealed once, to be sent as it is to every request until its content
   * changes (published.ts): with an ETag, the content API's Cache-Control, and 304 to a caller
   * who holds it. Checked against the declaration here, once, when answer checks are on.
   */
  publish<E extends AnyEndpoint>(call: E, fields: Fields<E>): Published;
  /**
   * An attempt limit keyed by something in the input (e.g. the admin ID being tried).
   * `onFirstRefusal` runs once per window, at the first attempt refused (a notice to mail).
   */
  limiter<I>(
    name: string,
    rule: RateLimitRule,
    keyOf: (input: I, request: FastifyRequest) => string,
    onFirstRefusal?: (input: I) => Promise<void>,
  ): AttemptLimit<I>;
}

/** `isAllowed` marks a key on the store's allow list; a counted one says whether it is over. */
const exceeded = <R extends { isAllowed: true } | { isAllowed: false; isExceeded: boolean }>(
  result: R,
): result is Extract<R, { isAllowed: false }> => !result.isAllowed && result.isExceeded;

function parseWith(schema: z.ZodType | undefined, value: unknown): unknown {
  return schema === undefined ? undefined : schema.parse(value);
}

/**
 * A JSON body checked with its schema and prepared for its handler; a large one by the body
 * checker, off the main thread.
 */
async function jsonBody(call: AnyEndpoint, request: FastifyRequest, bodies: BodyChecker) {
  const { body } = request;
  if (!(body instanceof SealedBody)) {
    const value = parseWith(call.body?.schema, body);
    const prepare = bodyPreparers.get(call);
    return prepare === undefined ? value : prepare(value as never);
  }
  const checked = await bodies.check(body, call);
  keepBodyDigest(request, checked.digest);
  return checked.value;
}

async function readInput(
  call: AnyEndpoint,
  request: FastifyRequest,
  caller: AdminCaller | PendingCaller | null,
  { uploads, bodies }: { uploads: UploadSpool; bodies: BodyChecker },
) {
  const params = parseWith(call.params, request.params);
  const query = parseWith(call.query, request.query);
  if (call.body?.kind !== 'multipart')
    return { params, query, body: await jsonBody(call, request, bodies), form: noForm };
  // Each token or session holds its own share of the upload places.
  const holder = caller?.tokenId ?? null;
  const form = await uploads.read(request, call.body.files, call.body.lists, holder);
  try {
    return { params, query, body: call.body.schema.parse(form.input), form };
  } catch (error) {
    await form.discard();
    throw error;
  }
}

/** Answer checks: a handler's fields against the declaration (JSON text is read back first). */
function checkAnswer(call: AnyEndpoint, name: string, fields: Record<string, unknown>): void {
  const plain = Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      value instanceof JsonText ? (JSON.parse(value.text) as unknown) : value,
    ]),
  );
  const checked = call.answer.safeParse(plain);
  if (!checked.success)
    throw new Error(
      `The answer of ${call.method} ${name} does not match its declaration: ${checked.error.message}`,
    );
}

/**
 * Writes a streamed list: the rows as CSV or JSON Lines (the query's format), a file to save.
 * The first row is read before anything is sent, so a failure up to there is answered as any
 * other; later, one ends the connection mid-file (the caller sees a cut transfer, never a
 * complete-looking file). The rows are read as the socket drains: fastify pipes the stream, and
 * a pipe waits for 'drain' whenever the socket's buffer is full. A caller who goes away stops
 * the reading (the stream is destroyed, the rows' iterator returned).
 */
async function sendRows(
  call: AnyEndpoint & { rows: RowsSpec },
  query: unknown,
  source: AsyncIterable<unknown>,
  reply: FastifyReply,
  options: { checkAnswers: boolean; clock: () => Date },
): Promise<FastifyReply> {
  const format = rowFormatOf(call.rows, query);
  const iterator = source[Symbol.asyncIterator]();
  const first = await iterator.next();
  const checked = (row: unknown) => {
    if (options.checkAnswers) checkAnswer(call, call.path, row as Record<string, unknown>);
    return row as Record<string, unknown>;
  };
  async function* rows() {
    try {
      if (first.done === true) return;
      yield checked(first.value);
      for (;;) {
        const next = await iterator.next();
        if (next.done === true) return;
        yield checked(next.value);
      }
    } finally {
      await iterator.return?.();
    }
  }
  const file = rowsFileName(call.rows, format, options.clock());
  reply
    .type(rowFormats[format].contentType)
    .header('content-disposition', `attachment; filename="${file}"`)
    .header('cache-control', 'no-store');
  // HEAD: the headers alone (fastify's HEAD route would read a stream to its end to drop it).
  if (reply.request.method === 'HEAD') {
    await iterator.return?.();
    return reply.send();
  }
  return reply.send(
    Readable.from(rowsText(format, rowColumns(call), rows()), { objectMode: false }),
  );
}

const isAdmin = (caller: AdminCaller | PendingCaller | null): caller is AdminCaller =>
  caller !== null && 'via' in caller;

const writeMethods = new Set(['POST', 'PUT', 'DELETE']);

/**
 * Audit checks: an administrator's write that succeeded must have written its audit entry (in
 * its transaction), unless its declaration says it changes nothing (`audited: false`).
 */
function checkAudited(call: AnyEndpoint, actor: Actor): void {
  const byAdmin = call.access === 'admin' || call.access === 'session';
  if (!byAdmin || !writeMethods.has(call.method) || call.audited === false) return;
  if (actor.recorded === 0)
    throw new Error(
      `${call.method} ${call.path} changed data but wrote no audit entry (or declare audited: false)`,
    );
}

interface Registered {
  call: AnyEndpoint;
  run: (request: FastifyRequest, reply: FastifyReply, admitted: Admitted) => Promise<unknown>;
}

/** A request's call and caller, known before any byte of its body is read. */
interface Admitted {
  chosen: Registered;
  caller: AdminCaller | PendingCaller | null;
  /** Who the call runs as: its caller, from which client and address. */
  actor: Actor;
}

export function createApiRouter(
  app: FastifyInstance,
  guard: AccessGuard,
  runIdempotent: RunIdempotent,
  options: {
    checkAnswers: boolean;
    envelopeKeys: EnvelopeKeys;
    front: FrontCache;
    uploads: UploadSpool;
    bodies: BodyChecker;
    /** The date a streamed list's file is named after (default: the system's). */
    clock?: () => Date;
    /** Counts a caller refused for their role or their token's scope. */
    onRefused?: (reason: AdminRefusal) => void;
  },
): ApiRouter {
  const seal = publishWith(options.envelopeKeys);
  // Calls sharing a method and path (the product reads) share one route; `when` picks.
  const routes = new Map<string, Registered[]>();
  const admitted = new WeakMap<FastifyRequest, Admitted>();

  /** A caller whose role or token scope the call needs more than: 403, naming what it needs. */
  function refuseBeyondRole(call: AnyEndpoint, caller: AdminCaller): void {
    const refusal = refusalOf(call, caller.role, caller.via === 'api' ? caller.scope : null);
    if (refusal === null) return;
    options.onRefused?.(caller.scope === 'read' && caller.via === 'api' ? 'read-token' : 'role');
    throw new HttpError(403, refusal);
  }

  const route = (method: string, url: string, bodyLimit: number | undefined) => {
    const key = `${method} ${url}`;
    const existing = routes.get(key);
    if (existing !== undefined) return existing;
    const registered: Registered[] = [];
    routes.set(key, registered);
    app.route({
      method,
      url,
      ...(bodyLimit === undefined ? {} : { bodyLimit }),
      // The call and its caller are known from the headers and the query, before the body is
      // read: a refused caller's body is never read (the error answer closes the connection).
      onRequest: async (request) => {
        const query = (request.query ?? {}) as Record<string, unknown>;
        const chosen =
          registered.find(({ call }) => call.when !== undefined && call.when.queryHas in query) ??
          registered.find(({ call }) => call.when === undefined);
        if (chosen === undefined) throw new HttpError(404, 'Not found');
        const { access } = chosen.call;
        const actor = requestActor(request);
        const caller =
          access === 'public' ? null : await withActor(actor, () => guard(request, access));
        if (caller !== null) actAs(actor, caller);
        if (isAdmin(caller)) refuseBeyondRole(chosen.call, caller);
        if (chosen.call.role !== 'anyone') actor.needs = chosen.call.role;
        admitted.set(request, { chosen, caller, actor });
      },
      handler: async (request, reply) => {
        const admission = admitted.get(request);
        if (admission === undefined) throw new Error(`${method} ${url} ran without its onRequest`);
        // Every call runs as its actor: who, from which client and address.
        return withActor(admission.actor, () => admission.chosen.run(request, reply, admission));
      },
    });
    return registered;
  };

  function implement<E extends AnyEndpoint, P>(
    call: E,
    implementation: Implementation<E, P>,
  ): void {
    // The body thread prepares a large body with the listed function: the same as the
    // handler's, or its body would differ with the body's size.
    if (implementation.prepare !== bodyPreparers.get(call))
      throw new Error(
        `${call.method} ${call.path}: its prepare must be the one body-preparers.ts lists`,
      );
    // The API documents list 429 for the calls declared limited (core's contract).
    if ((implementation.limits?.length ?? 0) > 0 && call.limited !== true)
      throw new Error(`${call.method} ${call.path}: a call with limits must be declared limited`);
    const run = async (
      request: FastifyRequest,
      reply: FastifyReply,
      { caller, actor }: Admitted,
    ) => {
      const { form, ...input } = await readInput(call, request, caller, options);
      // The spooled uploads go when the call ends, stored or refused.
      try {
        // The body is prepared by the function the implementation declares (checked above).
        const routeInput = input as PreparedInput<E, P>;
        for (const limit of implementation.limits ?? []) await limit(routeInput, request);
        const answer = async () => {
          const result: unknown = await implementation.handler({
            ...routeInput,
            // The guard finds the kind of caller the access asks for (see AccessGuard).
            caller: caller as CallerFor<E['access']>,
            form,
            request,
            reply,
          });
          if (call.rows !== undefined)
            return sendRows(
              { ...call, rows: call.rows },
              routeInput.query,
              result as AsyncIterable<unknown>,
              reply,
              { checkAnswers: options.checkAnswers, clock: options.clock ?? (() => new Date()) },
            );
          if (result instanceof Published) {
            return options.front.send(request, reply, result);
          }
          const { message, ...fields } = result as Fields<E>;
          if (options.checkAnswers) {
            checkAnswer(call, call.path, fields);
            checkAudited(call, actor);
          }
          return { status: true, message: message ?? call.message, ...fields };
        };
        return await (call.idempotent === true && isAdmin(caller)
          ? runIdempotent({ request, reply, adminId: caller.adminId }, answer)
          : answer());
      } finally {
        await form.discard();
      }
    };
    route(call.method, call.path, call.maxBodyBytes).push({ call, run });
  }

  return {
    implement,
    publish(call, { message, ...fields }) {
      if (options.checkAnswers) checkAnswer(call, call.path, fields);
      return seal({ status: true, message: message ?? call.message, ...fields });
    },
    limiter(name, rule, keyOf, onFirstRefusal) {
      // The rate-limit store keys on the request; the key itself comes from the parsed input.
      const keys = new WeakMap<FastifyRequest, string>();
      const keyGenerator = (request: FastifyRequest) => keys.get(request) ?? clientAddress(request);
      const check = app.createRateLimit({ max: rule.max, timeWindow: rule.windowMs, keyGenerator });
      // A second counter of the same window allows one refusal notice.
      const notice = app.createRateLimit({
        max: 1,
        timeWindow: rule.windowMs,
        keyGenerator: (request) => `${keyGenerator(request)}:notice`,
      });
      return async (input, request) => {
        keys.set(request, `${name}:${keyOf(input, request)}`);
        const result = await check(request);
        if (exceeded(result)) {
          if (onFirstRefusal !== undefined && !exceeded(await notice(request)))
            await onFirstRefusal(input);
          throw new RateLimited(
            `Too many attempts. Please try again in ${result.ttlInSeconds} seconds.`,
            result.ttlInSeconds,
          );
        }
      };
    },
  };
}
