// Field schemas shared by every area. Each accepts what a form holds (strings from inputs),
// what a multipart body holds (strings) and what a JSON payload holds (numbers, booleans),
// and gives the typed value, so the web app, the CLI and the server validate alike.
import { z } from 'zod';
import type { ViewClickLimits } from '../entities/common.js';
import { limitFields, limitTypeOf, limitValueOf, toLimitNumber } from '../rules/limits.js';
import { type TextLimit } from './limits.js';
import { textLimits, tooLongMessage } from './text-limits.js';

/**
 * Refuses blank text with `message` and nothing else: the field's later checks and pipes skip
 * it. Pushed without `continue` on purpose: zod's `abort: true` would also stop every check
 * of the form around it (e.g. the product's price comparison while its title is blank).
 */
const notBlank = (message: string) => (payload: z.core.ParsePayload<string>) => {
  if (payload.value === '')
    payload.issues.push({
      code: 'too_small',
      origin: 'string',
      minimum: 1,
      inclusive: true,
      input: payload.value,
      message,
    });
};

/** Trimmed text that must not be blank, within its limit (blank: `message`, and nothing else). */
export const requiredText = (message: string, limit: TextLimit) =>
  z.string({ error: message }).trim().check(limit).check(notBlank(message));

/** Trimmed text that may be left out or null (then ''), within its limit. */
export const optionalText = (limit: TextLimit) =>
  z.preprocess((value) => value ?? '', z.string({ error: 'Enter text' }).trim().check(limit));

/** A value left blank or null counts as left out, so `.optional()` or a default applies. */
export const blankAsMissing = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema);

const webUrlStart = /^https?:\/\//i;

/**
 * Whether a text is an http or https link (other schemes, such as javascript:, are not): what
 * zod's `z.url({ protocol: /^https?$/ })` accepts (it too wants the `//`), without a parse of
 * its own and a URL object per link (a bulk import checks hundreds of thousands).
 */
export const isWebUrl = (text: string): boolean => {
  const trimmed = text.trim();
  return webUrlStart.test(trimmed) && URL.canParse(trimmed);
};

/**
 * An http or https link within its limit. Left blank it gives `blankMessage` (by default the
 * same message as a link that is not one).
 */
export const webUrl = (message: string, limit: TextLimit, blankMessage = message) =>
  z
    .string({ error: blankMessage })
    .trim()
    .check(limit)
    .check(notBlank(blankMessage))
    .refine(isWebUrl, message);

/** A link that may be left blank (then ''), valid when given. */
export const optionalWebUrl = (message: string, limit: TextLimit) =>
  z
    .preprocess((value) => value ?? '', z.string({ error: message }).trim().check(limit))
    .refine((url) => url === '' || isWebUrl(url), message);

/** An issue a field's reading found: where within the field, and what to say. */
export interface FieldIssue {
  path: PropertyKey[];
  message: string;
}

/** What reading a field gives: its value, or its issues. */
export type FieldRead<Output> = { value: Output } | { issues: FieldIssue[] };

/**
 * What each field read by one function takes, as a schema that is never run: the contract's
 * readers (the OpenAPI document, the text limits test) look through the function to it.
 */
export const readFieldShapes = new WeakMap<z.ZodType, z.ZodType>();

/**
 * A field read by one function rather than a tree of schemas, for the fields a bulk import
 * checks in every row of 100,000: each schema of a tree costs a run and a result per value,
 * and a product's lists and maps took most of its check that way. `shape` says what callers
 * may give (its input type is the field's).
 */
export function readField<Shape extends z.ZodType, Output>(
  shape: Shape,
  read: (value: unknown) => FieldRead<Output>,
): z.ZodTransform<Output, z.input<Shape>> {
  const schema = z.transform((value: unknown, context) => {
    const result = read(value);
    if ('value' in result) return result.value;
    for (const { path, message } of result.issues)
      context.addIssue({ code: 'custom', message, path, input: value });
    return z.NEVER;
  });
  readFieldShapes.set(schema, shape);
  // The function checks what the shape says; zod cannot see through it.
  return schema as unknown as z.ZodTransform<Output, z.input<Shape>>;
}

/**
 * `schema` with zod's compiled parser as its fast path. `sameWhenValid` accepts exactly the
 * values `schema` accepts, with the same output, in a form z.compile takes (no check with its
 * own `when`). A value it refuses is parsed again by `schema`, so the issues are `schema`'s.
 */
export function compiledWhenValid<T extends z.ZodType>(schema: T, sameWhenValid: T): T {
  // Compiled at the first parse, not on import: zod asks then whether code may be generated
  // (its own parsers ask at a first parse too). Where a page's policy forbids it, the runtime
  // parses alone. A row refused costs a second runtime parse, for the schema's issues.
  let fast: T | null | undefined;
  return z.withParser(schema, (input) => {
    if (fast === undefined)
      fast = z.core.util.allowsEval.value ? z.compile(sameWhenValid, { strict: true }) : null;
    const parsed = fast?.safeParse(input);
    return parsed?.success ? parsed.data : z.INVALID;
  });
}

/** Numbers typed into inputs or sent in multipart bodies arrive as text. */
const readNumber = (value: unknown) => {
  if (typeof value !== 'string') return value;
  return value.trim() === '' ? undefined : Number(value);
};

/** What a number input may add: its own checks, and a value for when it is left blank. */
export interface NumberOptions {
  checks?: (value: z.ZodNumber) => z.ZodNumber;
  fallback?: number;
}

/**
 * A number given as a number or as text. Blank text counts as missing, so the fallback (when
 * there is one) applies to it as to a value left out.
 */
export const numberInput = (message: string, { checks, fallback }: NumberOptions = {}) => {
  const checked =
    checks === undefined ? z.number({ error: message }) : checks(z.number({ error: message }));
  return z.preprocess(readNumber, fallback === undefined ? checked : checked.default(fallback));
};

/** A whole number from `min` (default 0) up to `max`, one message for every way to miss. */
export const wholeNumber = (
  message: string,
  {
    min = 0,
    max = Number.MAX_SAFE_INTEGER,
    fallback,
  }: { min?: number; max?: number; fallback?: number } = {},
) =>
  numberInput(message, {
    checks: (value) => value.int(message).min(min, message).max(max, message),
    ...(fallback === undefined ? {} : { fallback }),
  });

/** true or false, also as the text 'true' or 'false' (multipart bodies, query strings). */
export const flag = (message = 'Must be true or false') =>
  z.union([z.boolean(), z.stringbool({ truthy: ['true'], falsy: ['false'] })], { error: message });

/**
 * A JSON part of a multipart body (insertData, productData): accepted as JSON text, as the
 * server receives it, or as the object itself, as a form builds it.
 */
export function jsonPart<S extends z.ZodType>(schema: S, name: string) {
  return z.preprocess((value, context) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: `${name} must be valid JSON` });
      return z.NEVER;
    }
  }, schema);
}

const limitMessage = 'Maximum views and clicks must be whole numbers, 0 or more';

const limitTooLong = tooLongMessage('Maximum views and clicks', textLimits.numberText);

/**
 * A maximum typed by the admin: anything that is not a number counts as 0 (spec), though a
 * text longer than any number is refused rather than read.
 */
const limitNumber = z.preprocess(
  (value, context) => {
    if (typeof value === 'string' && value.length > textLimits.numberText) {
      context.addIssue({ code: 'custom', message: limitTooLong });
      return z.NEVER;
    }
    return toLimitNumber(value);
  },
  z.number().int(limitMessage).min(0, limitMessage),
);

/** The four limit fields of stories, story ads and in-house ads; any may be left out. */
export const limitShape = {
  maxviewLimit: limitNumber,
  maxviewStatus: flag().default(false),
  maxclickLimit: limitNumber,
  maxclickStatus: flag().default(false),
};

/**
 * Makes the four fields agree with one limit type: Click wins when both statuses are set,
 * and the unused limit is stored as 0 with its status false.
 */
export function normaliseLimits<T extends ViewClickLimits>(item: T): T {
  return { ...item, ...limitFields(limitTypeOf(item), limitValueOf(item)) };
}
