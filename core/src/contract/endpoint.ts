// One declaration per API call: method, path, who may call, the zod schemas of its input, the
// schema of its answer and its success message. The typed client (client.ts), the server's
// route registration, the answer checks and the OpenAPI document (openapi.ts) are all built
// from these declarations, so a call's shape is written once.
import { z } from 'zod';
import type { HttpMethod } from '../client/command.js';
import type { AdminRole } from '../entities/administrators.js';
import { rowFormats, type RowFormat } from '../format/csv.js';
import type { UploadRule } from '../schemas/index.js';

/**
 * Who may call. Every call carries the API key (`x-api-key`); beyond it: nothing more
 * ('public': the sign-in steps' first call, the app's tracking), the temporary token of a
 * sign-in or reset step, a signed-in session only ('session'), or a session or an API token
 * ('admin', the usual case).
 */
export type Access =
  'public' | 'login-code' | 'reset-code' | 'reset-password' | 'session' | 'admin';

/**
 * The least role a signed-in caller needs (issue 39): 'viewer' reads (and keeps their own
 * profile, sessions and authenticator), 'editor' changes the app's content, 'owner' everything.
 * The calls made before sign-in and the app's say 'anyone': their access says who.
 */
export type CallRole<Caller extends Access = Access> = Caller extends 'session' | 'admin'
  ? AdminRole
  : 'anyone';

/** How the input travels in the body. */
export type BodySpec =
  /** The encrypted `{encryptedData}` envelope: every JSON write body unless the spec says otherwise. */
  | { kind: 'envelope'; schema: z.ZodType }
  /** Where the spec says "plain JSON" (the story status switches). */
  | { kind: 'json'; schema: z.ZodType }
  /**
   * multipart/form-data: text fields, JSON text parts (insertData, productData) and files. Each
   * file slot has its byte-checked rule; a slot in `lists` takes several files.
   */
  | {
      kind: 'multipart';
      schema: z.ZodType;
      files: Readonly<Record<string, UploadRule>>;
      lists?: readonly string[];
    };

/**
 * A streamed list answer (an export): rows written one after another as a file, never held
 * whole, instead of the encrypted JSON envelope. The declaration's `answer` is then ONE row (an
 * object schema: its keys are the CSV's columns, in order), the query's `format` picks one of
 * `formats` (the first by default), and the file is named `<file>-<YYYY-MM-DD>.<extension>`.
 * Refusals still answer the usual `{status: false, message}` envelope.
 */
export interface RowsSpec {
  formats: readonly [RowFormat, ...RowFormat[]];
  /** The file name's start: `products` names `products-2026-11-25.csv`. */
  file: string;
}

/** The query parameter naming the format of a streamed list (see rowFormatSchema). */
export const rowFormatParameter = 'format';

/** The format a streamed call's checked query asks for. */
export function rowFormatOf(rows: RowsSpec, query: unknown): RowFormat {
  const asked =
    typeof query === 'object' && query !== null
      ? (query as Record<string, unknown>)[rowFormatParameter]
      : undefined;
  return rows.formats.find((format) => format === asked) ?? rows.formats[0];
}

/** A streamed call's file name for the day `date` (UTC), e.g. products-2026-11-25.csv. */
export const rowsFileName = (rows: RowsSpec, format: RowFormat, date: Date): string =>
  `${rows.file}-${date.toISOString().slice(0, 10)}.${rowFormats[format].extension}`;

/** The default client input: taken from the schemas' input types (see client.ts). */
export interface Derived {
  readonly '~derived': true;
}

export interface Endpoint<
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends BodySpec | undefined = BodySpec | undefined,
  Answer extends z.ZodType = z.ZodType,
  ClientInput = unknown,
  Caller extends Access = Access,
> {
  method: HttpMethod;
  /** The path as the spec spells it; `:name` marks a path parameter. */
  path: string;
  access: Caller;
  /** Required: a call without one does not compile (see CallRole; roles.ts enforces it). */
  role: CallRole<Caller>;
  /** One line for the API document. */
  summary: string;
  params?: Params;
  query?: Query;
  body?: Body;
  /** The answer's fields beyond status and message. */
  answer: Answer;
  /** The success message; a handler may answer another one of its area's messages. */
  message: string;
  /**
   * The call creates or sends, or is a costly or logged action a double click must not repeat
   * (an event update, a scrape): a repeat with the same Idempotency-Key is answered with the
   * first result.
   */
  idempotent?: true;
  /**
   * Two reads share one path (the product list and one product): the one declaring `when`
   * answers requests whose query carries that key.
   */
  when?: { queryHas: string };
  /**
   * A published read (the content API): the same sealed answer for everyone until its content
   * changes, with ETag and Cache-Control; If-None-Match answers 304 without a body.
   */
  published?: true;
  /** The call counts its callers' attempts and answers 429 past a limit. */
  limited?: true;
  /** The largest JSON body the call takes, in bytes; absent: the server's limit (1 MB). */
  maxBodyBytes?: number;
  /** The answer is a streamed list of rows (an export), `answer` one row: see RowsSpec. */
  rows?: RowsSpec;
  /**
   * false: a POST, PUT or DELETE that changes nothing (a preview), so it leaves no audit entry;
   * every other write by an administrator leaves exactly one (the server checks it in tests).
   */
  audited?: false;
  /** Type only: what the client takes, where the schemas' input types say too little. */
  readonly '~clientInput'?: ClientInput;
}

/** Any declaration, whatever its schemas. */
export type AnyEndpoint = Endpoint<
  z.ZodType | undefined,
  z.ZodType | undefined,
  BodySpec | undefined,
  z.ZodType,
  unknown,
  Access
>;

/**
 * Declares one call whose client takes `ClientInput` (type only): where zod can only say
 * `unknown` (preprocessed numbers, JSON text parts) or a form sends a flag as text.
 */
export const endpointTaking =
  <ClientInput>() =>
  <
    Params extends z.ZodType | undefined = undefined,
    Query extends z.ZodType | undefined = undefined,
    Body extends BodySpec | undefined = undefined,
    Answer extends z.ZodType = typeof noFields,
    Caller extends Access = Access,
  >(
    declaration: Endpoint<Params, Query, Body, Answer, Derived, Caller>,
  ) =>
    declaration as Endpoint<Params, Query, Body, Answer, ClientInput, Caller>;

/** Declares one call; the typed client takes what its schemas accept. */
export const endpoint = endpointTaking<Derived>();

/** A call whose answer is a streamed list of rows (see RowsSpec); `answer` is one row. */
export type RowsEndpoint<
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Row extends z.ZodObject = z.ZodObject,
  ClientInput = unknown,
  Caller extends Access = Access,
> = Endpoint<undefined, Query, undefined, Row, ClientInput, Caller> & { rows: RowsSpec };

/**
 * Declares a streamed list (an export): a GET whose answer is rows, `answer` being one row;
 * its client takes `ClientInput` (type only), as endpointTaking's.
 */
export const rowsEndpointTaking =
  <ClientInput>() =>
  <Query extends z.ZodType | undefined, Row extends z.ZodObject, Caller extends Access = Access>(
    declaration: Endpoint<undefined, Query, undefined, Row, Derived, Caller> & {
      method: 'GET';
      rows: RowsSpec;
    },
  ) =>
    declaration as RowsEndpoint<Query, Row, ClientInput, Caller>;

/** The columns of a streamed list: its row schema's keys, in order. */
export const rowColumns = (call: { answer: z.ZodType }): string[] => {
  const shape = (call.answer.def as { shape?: object }).shape;
  return shape === undefined ? [] : Object.keys(shape);
};

/** An answer with nothing beyond status and message. */
export const noFields = z.object({});

export const envelopeBody = <S extends z.ZodType>(schema: S) =>
  ({ kind: 'envelope', schema }) as const;
export const jsonBody = <S extends z.ZodType>(schema: S) => ({ kind: 'json', schema }) as const;
export const multipartBody = <S extends z.ZodType>(
  schema: S,
  files: Readonly<Record<string, UploadRule>>,
  lists: readonly string[] = [],
) => ({ kind: 'multipart', schema, files, lists }) as const;
