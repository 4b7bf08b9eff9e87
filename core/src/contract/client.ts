// The typed client, built from the declarations: each call takes one object (path parameters,
// query and body fields side by side) and resolves to its answer's fields. No call is written
// by hand; the executor adds the API key, the bearer token and the envelope.
import type { z } from 'zod';
import type { FileLike } from '../schemas/index.js';
import {
  command,
  envelope,
  multipart,
  plainJson,
  segment,
  type Command,
  type MultipartFields,
  type Query,
  type UploadFile,
} from '../client/command.js';
import { createExecutor, type ClientOptions, type ClientResult } from '../client/executor.js';
import type { AnyEndpoint, BodySpec, Derived, Endpoint, RowsSpec } from './endpoint.js';
import type { WireCall } from './wire.js';

/**
 * What a call takes, from the input type of the schema the server validates it with, so both
 * keep the same fields and optionality. File slots take an UploadFile; fields named in `Types`
 * take its type instead.
 */
export type ClientInput<Input, Types = NoTypes> = {
  [Key in keyof Input]: Input[Key] extends FileLike | undefined
    ? UploadFile
    : Input[Key] extends readonly FileLike[] | undefined
      ? UploadFile[]
      : Key extends keyof Types
        ? Types[Key]
        : Input[Key];
};

type NoTypes = Record<never, never>;
type InputOf<S> = S extends z.ZodType ? z.input<S> : NoTypes;
type BodyInputOf<B> = B extends BodySpec ? ClientInput<z.input<B['schema']>> : NoTypes;
type Flat<T> = { [Key in keyof T]: T[Key] };

/** One object with the path parameters, the query and the body fields of a call. */
export type CallInput<E> =
  E extends Endpoint<infer Params, infer Query, infer Body, z.ZodType, infer Taken>
    ? Taken extends Derived
      ? Flat<InputOf<Params> & InputOf<Query> & BodyInputOf<Body>>
      : Taken
    : never;

/** The fields an answer carries beyond status and message. */
export type AnswerOf<E> = E extends { answer: infer Answer extends z.ZodType }
  ? z.output<Answer> & object
  : never;

/** A call takes no argument when nothing in its input is required. */
type Arguments<Input> = NoTypes extends Input ? [input?: Input] : [input: Input];

/**
 * What a streamed list (RowsSpec) answers on success: the HTTP response with its body unread
 * (CSV or JSON Lines bytes), to be read as a stream. Refusals are the usual envelope.
 */
export interface StreamedAnswer {
  response: Response;
}

export type Call<E> = (
  ...input: Arguments<CallInput<E>>
) => Promise<ClientResult<E extends { rows: RowsSpec } ? StreamedAnswer : AnswerOf<E>>>;

function isUploadFile(value: unknown): value is UploadFile {
  return typeof value === 'object' && value !== null && 'data' in value && 'name' in value;
}

/** File slots as files, JSON parts (insertData, productData, imageUrls) as JSON text. */
function formFields(value: Record<string, unknown>, fileSlots: readonly string[]): MultipartFields {
  const fields: Record<string, MultipartFields[string]> = {};
  for (const [name, field] of Object.entries(value)) {
    if (field === undefined || field === null) continue;
    if (fileSlots.includes(name)) {
      if (isUploadFile(field) || (Array.isArray(field) && field.every(isUploadFile)))
        fields[name] = field;
    } else
      fields[name] =
        typeof field === 'object' ? JSON.stringify(field) : (field as string | number | boolean);
  }
  return fields;
}

/** The HTTP call of a declaration (its wire form) with its input; pure, so tests can inspect it. */
function commandFor<Answer extends object>(call: WireCall, input: object = {}): Command<Answer> {
  const fields = input as Record<string, unknown>;
  const inPath = new Set<string>();
  const path = call.path.replace(/:([A-Za-z_]\w*)/g, (_match, name: string) => {
    inPath.add(name);
    return segment(String(fields[name]));
  });
  const others = Object.keys(fields).filter((key) => !inPath.has(key));
  // Without a body every other field is query; beside a body, the query schema's keys are.
  const queryKeys = call.body === undefined ? others : (call.queryKeys ?? []);
  const pick = (keys: readonly string[]) =>
    Object.fromEntries(keys.filter((key) => key in fields).map((key) => [key, fields[key]]));
  const query = pick(queryKeys);
  const rest = pick(others.filter((key) => !queryKeys.includes(key)));
  const body = call.body;
  return command<Answer>({
    method: call.method,
    path,
    ...(queryKeys.length > 0 ? { query: query as Query } : {}),
    ...(body === undefined
      ? {}
      : {
          body:
            body === 'multipart'
              ? multipart(formFields(rest, call.files ?? []))
              : body === 'json'
                ? plainJson(rest)
                : envelope(rest),
        }),
    auth: call.access === 'public' ? 'none' : 'bearer',
    ...(call.streamed === undefined ? {} : { streamed: { message: call.streamed } }),
  });
}

/** Groups of declarations by area name, as the contract lists them. */
export type EndpointGroups = Readonly<Record<string, Readonly<Record<string, AnyEndpoint>>>>;

/** Each call's wire form, by area and name as `Groups` declares them (see wire-table.ts). */
export type WireTable<Groups extends EndpointGroups> = {
  readonly [Area in keyof Groups]: { readonly [Name in keyof Groups[Area]]: WireCall };
};

export type ClientOf<Groups> = {
  [Area in keyof Groups]: { [Name in keyof Groups[Area]]: Call<Groups[Area][Name]> };
} & {
  /**
   * The same client, sending `key` as the Idempotency-Key of its writes: one key per form
   * submission, so a retry or a second click of the same submission is answered once.
   */
  withIdempotencyKey(key: string): ClientOf<Groups>;
};

/** The typed client of `Groups`, sending each call by its wire form. */
export function buildClient<Groups extends EndpointGroups>(
  table: WireTable<Groups>,
  options: ClientOptions,
): ClientOf<Groups> {
  const execute = createExecutor(options);
  const areas = Object.fromEntries(
    Object.entries<Readonly<Record<string, WireCall>>>(table).map(([area, calls]) => [
      area,
      Object.fromEntries(
        Object.entries(calls).map(([name, call]) => [
          name,
          (input?: object) => execute(commandFor(call, input)),
        ]),
      ),
    ]),
  );
  return {
    ...areas,
    withIdempotencyKey: (key: string) => buildClient(table, { ...options, idempotencyKey: key }),
  } as ClientOf<Groups>;
}
