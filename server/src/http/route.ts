// The one way a module declares an API route: who may call it, the zod schemas of its input,
// optional attempt limits, and a handler returning the answer. The API key, the envelope and
// the error answers are handled once around every route (see app.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import type { RateLimitRule } from '../config.js';
import { HttpError } from './errors.js';
import type { RunIdempotent } from './idempotency.js';

/**
 * Who may call: anyone ('public'); the temporary token of a sign-in or reset step; a signed-in
 * session only ('session'); or a session or an API token ('admin', the usual case).
 */
export type Access =
  'public' | 'login-code' | 'reset-code' | 'reset-password' | 'session' | 'admin';

/** A signed-in administrator, through a session or an API token. */
export interface AdminCaller {
  adminId: string;
  tokenId: string;
  via: 'session' | 'api';
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

type Schema = z.ZodType | undefined;
type Parsed<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteInput<B extends Schema, Q extends Schema, P extends Schema> {
  body: Parsed<B>;
  query: Parsed<Q>;
  params: Parsed<P>;
}

export interface RouteContext<
  A extends Access,
  B extends Schema,
  Q extends Schema,
  P extends Schema,
> extends RouteInput<B, Q, P> {
  caller: CallerFor<A>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** Every answer carries status and message; the spec lists the other fields per call. */
export interface Answer {
  status: boolean;
  message: string;
  [field: string]: unknown;
}

/** Counts one attempt against a limit; throws 429 when the limit is spent. */
export type AttemptLimit<I> = (input: I, request: FastifyRequest) => Promise<void>;

export interface RouteSpec<A extends Access, B extends Schema, Q extends Schema, P extends Schema> {
  access: A;
  body?: B;
  query?: Q;
  params?: P;
  /** Checked after validation, before the handler. */
  limits?: readonly AttemptLimit<RouteInput<B, Q, P>>[];
  /**
   * The call creates or sends: an administrator's repeat with the same Idempotency-Key is
   * answered with the first result (http/idempotency.ts).
   */
  idempotent?: true;
  handler(context: RouteContext<A, B, Q, P>): Promise<Answer>;
}

type Register = <
  A extends Access,
  B extends Schema = undefined,
  Q extends Schema = undefined,
  P extends Schema = undefined,
>(
  url: string,
  spec: RouteSpec<A, B, Q, P>,
) => void;

export interface ApiRouter {
  get: Register;
  post: Register;
  put: Register;
  delete: Register;
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

function parseWith<S extends Schema>(schema: S | undefined, value: unknown): Parsed<S> {
  return (schema === undefined ? undefined : schema.parse(value)) as Parsed<S>;
}

export function createApiRouter(
  app: FastifyInstance,
  guard: AccessGuard,
  runIdempotent: RunIdempotent,
): ApiRouter {
  const register =
    (method: HTTPMethods): Register =>
    (url, spec) => {
      app.route({
        method,
        url,
        handler: async (request, reply) => {
          const caller = (
            spec.access === 'public' ? null : await guard(request, spec.access)
          ) as CallerFor<typeof spec.access>;
          const input = {
            body: parseWith(spec.body, request.body),
            query: parseWith(spec.query, request.query),
            params: parseWith(spec.params, request.params),
          };
          for (const limit of spec.limits ?? []) await limit(input, request);
          const run = () => spec.handler({ ...input, caller, request, reply });
          return spec.idempotent === true && caller !== null && 'via' in caller
            ? runIdempotent({ request, reply, adminId: caller.adminId }, run)
            : run();
        },
      });
    };

  return {
    get: register('GET'),
    post: register('POST'),
    put: register('PUT'),
    delete: register('DELETE'),
    limiter(name, rule, keyOf, onFirstRefusal) {
      // The rate-limit store keys on the request; the key itself comes from the parsed input.
      const keys = new WeakMap<FastifyRequest, string>();
      const keyGenerator = (request: FastifyRequest) => keys.get(request) ?? request.ip;
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
          throw new HttpError(
            429,
            `Too many attempts. Please try again in ${result.ttlInSeconds} seconds.`,
          );
        }
      };
    },
  };
}
