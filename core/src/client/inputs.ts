import type { z } from 'zod';
import type { FileLike, pageQuery } from '../schemas/index.js';
import type { UploadFile } from './command.js';

/**
 * What a call takes, derived from the input type of the schema the server validates it with,
 * so both keep the same fields and optionality. File slots take an UploadFile; fields named in
 * `Types` take its type instead, which matters where zod can only say `unknown` (preprocessed
 * numbers typed as text, JSON parts) or says `string | boolean` for a flag sent as text.
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

/** `page`, `limit` and search `q` of the list calls; the server has defaults for each. */
export type PageRequest = Partial<
  ClientInput<z.input<ReturnType<typeof pageQuery>>, { page: number; limit: number }>
>;
