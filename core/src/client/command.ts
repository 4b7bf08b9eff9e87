// An endpoint is a pure description of one HTTP call; the executor (executor.ts) runs it.
// Keeping the two apart lets tests and other transports inspect a call without sending it.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

type QueryScalar = string | number | boolean;
/** Arrays repeat the key (`categories=a&categories=b`); null and undefined are left out. */
export type QueryValue = QueryScalar | readonly QueryScalar[] | null | undefined;
export type Query = Readonly<Record<string, QueryValue>>;

/** A file to upload, the same shape in the browser (Blob/File) and in Node (bytes). */
export interface UploadFile {
  name: string;
  type: string;
  data: Blob | Uint8Array;
}

/** A multipart field: text, a number or flag sent as text, one file or several under one name. */
export type MultipartValue = QueryScalar | UploadFile | readonly UploadFile[] | null | undefined;
export type MultipartFields = Readonly<Record<string, MultipartValue>>;

export type CommandBody =
  /** The encrypted `{encryptedData}` envelope: every JSON write body unless the spec says otherwise. */
  | { kind: 'envelope'; value: unknown }
  /** Where the spec says "plain JSON" (the story video and story ad status switches). */
  | { kind: 'json'; value: unknown }
  | { kind: 'multipart'; fields: MultipartFields };

/**
 * `bearer` sends the token when one is set (sessions, API tokens, and the temporary token that
 * sign-in and reset steps hand to the next step); `none` never does.
 */
export type CommandAuth = 'bearer' | 'none';

declare const answerType: unique symbol;

/** One call, and (type-only) the fields its answer carries beyond status and message. */
export interface Command<Answer extends object> {
  method: HttpMethod;
  path: string;
  query?: Query;
  body?: CommandBody;
  auth: CommandAuth;
  /**
   * The answer is a streamed file (an export): a success is answered with the raw Response,
   * its body unread, and `message`; a refusal is the usual envelope.
   */
  streamed?: { message: string };
  readonly [answerType]?: Answer;
}

/** No fields beyond status and message. */
export type NoFields = Record<never, never>;

export function command<Answer extends object = NoFields>(
  description: Command<Answer>,
): Command<Answer> {
  return description;
}

export const envelope = (value: unknown): CommandBody => ({ kind: 'envelope', value });
export const plainJson = (value: unknown): CommandBody => ({ kind: 'json', value });
/** A multipart body; the parts in `json` (insertData, productData, imageUrls) travel as JSON text. */
export const multipart = (
  fields: MultipartFields,
  json: Readonly<Record<string, unknown>> = {},
): CommandBody => ({
  kind: 'multipart',
  fields: {
    ...fields,
    ...Object.fromEntries(
      Object.entries(json).map(([name, value]) => [name, JSON.stringify(value)]),
    ),
  },
});

/** A path segment taken from data (ids, ad types), escaped so it cannot leave its segment. */
export const segment = (value: string): string => encodeURIComponent(value);
