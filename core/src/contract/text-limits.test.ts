// No free text without a limit: every place of every declared call's input (path, query and
// body) where a string can go is given a 200 KB string, and the call's schema must refuse it
// there. A field added without a limit fails this test whatever its area.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonPart, readFieldShapes } from '../schemas/index.js';
import { allEndpoints } from './index.js';
import type { AnyEndpoint } from './endpoint.js';

/** Where an input value sits: object keys, an array's first item, or a map's key itself. */
type Step = string | 0 | typeof mapKey;
const mapKey = Symbol('a key of a map');

/** One place to put a string, with the fields that select its branch of a union. */
interface Place {
  steps: Step[];
  /** Literal fields of the objects on the way (a discriminated union's discriminator). */
  fills: { at: Step[]; key: string; value: unknown }[];
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
  values?: unknown[];
}

const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;

/** The schemas a wrapper stands for at the same place (optional, default, pipe, union...). */
function sameplace(def: Def): z.ZodType[] {
  if (def.innerType !== undefined) return [def.innerType];
  if (def.type === 'pipe') return [def.in, def.out].filter((s) => s !== undefined);
  if (def.type === 'union') return def.options ?? [];
  if (def.type === 'intersection') return [def.left, def.right].filter((s) => s !== undefined);
  if (def.type === 'lazy' && def.getter !== undefined) return [def.getter()];
  return [];
}

/** The literal a field must hold, when it must hold one (through optionals and defaults). */
function literalOf(schema: z.ZodType): { value: unknown } | undefined {
  const def = defOf(schema);
  if (def.type === 'literal') return { value: def.values?.[0] };
  return def.innerType === undefined ? undefined : literalOf(def.innerType);
}

/** Every place of `schema` a value can go, the root excluded. */
function placesOf(schema: z.ZodType): Place[] {
  const places = new Map<string, Place>();
  const visited = new Map<z.ZodType, Set<string>>();
  const keyOf = (steps: Step[]) =>
    JSON.stringify(steps.map((step) => (step === mapKey ? '<key>' : step)));

  const visit = (node: z.ZodType, steps: Step[], fills: Place['fills']): void => {
    const def = defOf(node);
    // A schema met again at the same place adds nothing (and ends recursive schemas).
    const seen = visited.get(node) ?? new Set<string>();
    if (seen.has(keyOf(steps))) return;
    visited.set(node, seen.add(keyOf(steps)));
    const at = (next: Step[], more: Place['fills']) => {
      if (!places.has(keyOf(next))) places.set(keyOf(next), { steps: next, fills: more });
    };
    switch (def.type) {
      case 'object': {
        const shape = def.shape ?? {};
        const literals = Object.entries(shape).flatMap(([key, field]) => {
          const literal = literalOf(field);
          return literal === undefined ? [] : [{ at: steps, key, value: literal.value }];
        });
        const withLiterals = [...fills, ...literals];
        for (const [key, field] of Object.entries(shape)) {
          at([...steps, key], withLiterals);
          visit(field, [...steps, key], withLiterals);
        }
        return;
      }
      case 'array':
        if (def.element === undefined) return;
        at([...steps, 0], fills);
        return visit(def.element, [...steps, 0], fills);
      case 'tuple':
        for (const [index, item] of (def.items ?? []).entries()) {
          if (index > 0) break; // the first item stands for the others
          at([...steps, 0], fills);
          visit(item, [...steps, 0], fills);
        }
        return;
      case 'transform': {
        // A field read by one function: the places of the shape it reads.
        const shape = readFieldShapes.get(node);
        if (shape !== undefined) visit(shape, steps, fills);
        return;
      }
      case 'record':
        at([...steps, mapKey], fills);
        at([...steps, 'k'], fills);
        if (def.valueType !== undefined) visit(def.valueType, [...steps, 'k'], fills);
        return;
      default:
        for (const inner of sameplace(def)) visit(inner, steps, fills);
    }
  };
  visit(schema, [], []);
  return [...places.values()];
}

/** The input with `text` at the place: as the key of a map, or as the value. */
function inputAt(place: Place, text: string): { input: unknown; path: PropertyKey[] } {
  const root: Record<string, unknown> = {};
  /** The object or list the first `count` steps lead to, made on the way. */
  const holder = (count: number): Record<string | number, unknown> => {
    let current: Record<string | number, unknown> = root;
    for (const [index, step] of place.steps.slice(0, count).entries()) {
      const key = step === mapKey ? text : step;
      current[key] ??= place.steps[index + 1] === 0 ? [] : {};
      current = current[key] as Record<string | number, unknown>;
    }
    return current;
  };
  for (const fill of place.fills) holder(fill.at.length)[fill.key] = fill.value;
  const last = place.steps.at(-1) as Step;
  const parent = holder(place.steps.length - 1);
  if (last === mapKey) parent[text] = 'x';
  else parent[last] = text;
  return { input: root, path: place.steps.map((step) => (step === mapKey ? text : step)) };
}

/** Every issue, those inside a union's branches included, with its full path. */
function issuesOf(error: z.ZodError): { path: PropertyKey[] }[] {
  const flat: { path: PropertyKey[] }[] = [];
  const add = (issues: readonly z.core.$ZodIssue[], prefix: PropertyKey[]) => {
    for (const issue of issues) {
      const path = [...prefix, ...issue.path];
      flat.push({ path });
      if (issue.code === 'invalid_union') for (const branch of issue.errors) add(branch, path);
      if (issue.code === 'invalid_key' || issue.code === 'invalid_element') add(issue.issues, path);
    }
  };
  add(error.issues, []);
  return flat;
}

const startsWith = (path: PropertyKey[], prefix: PropertyKey[]) =>
  prefix.every((step, index) => path[index] === step);

/** 200 KB of text shaped as what a field may expect: words, a link, an address, a number. */
const size = 200 * 1024;
const padded = (head: string, tail = '') =>
  head + 'x'.repeat(size - head.length - tail.length) + tail;
const oversized = [
  padded(''),
  padded('https://shop.example/'),
  padded('', '@shop.example'),
  `12345${' '.repeat(size)}67890`,
  '7'.repeat(size),
];

/** The places of `schema` where some oversized text is accepted. */
/**
 * Whether a parsed value holds, on the way to `path`, an item its schema caught as unreadable
 * (a tracking batch answers such an event alone, in `rejected`, instead of refusing the batch).
 */
function caughtOnTheWay(value: unknown, path: PropertyKey[]): boolean {
  let current = value;
  for (const step of path) {
    if (typeof current !== 'object' || current === null) return false;
    if ('unreadable' in current) return true;
    current = (current as Record<PropertyKey, unknown>)[step];
  }
  return typeof current === 'object' && current !== null && 'unreadable' in current;
}

function unboundedPlaces(schema: z.ZodType): string[] {
  return placesOf(schema).flatMap((place) => {
    const accepted = oversized.some((text) => {
      const { input, path } = inputAt(place, text);
      const parsed = schema.safeParse(input);
      if (parsed.success) return !caughtOnTheWay(parsed.data, path);
      return !issuesOf(parsed.error).some((issue) => startsWith(issue.path, path));
    });
    const name = place.steps.map((step) => (step === mapKey ? '<key>' : String(step))).join('.');
    return accepted ? [name] : [];
  });
}

/** The input schemas of a call: path parameters, query and body. */
function inputsOf(call: AnyEndpoint): [string, z.ZodType][] {
  const parts: [string, z.ZodType | undefined][] = [
    ['params', call.params],
    ['query', call.query],
    ['body', call.body?.schema],
  ];
  return parts.filter((part): part is [string, z.ZodType] => part[1] !== undefined);
}

describe('the walker', () => {
  it('finds an unbounded text through JSON parts, maps, lists, unions and defaults', () => {
    const schema = z.object({
      bounded: z.string().max(10),
      data: jsonPart(
        z.object({
          title: z.string().trim().default(''),
          tags: z.array(z.string().max(5)).optional(),
          notes: z.record(z.string().max(5), z.string()),
        }),
        'data',
      ),
      choice: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('a'), text: z.string() }),
        z.object({ kind: z.literal('b'), count: z.number() }),
      ]),
    });
    expect(unboundedPlaces(schema)).toEqual(['data.title', 'data.notes.k', 'choice.text']);
  });

  it('finds the map key and the link that take any length', () => {
    const schema = z.object({
      specs: z.record(z.string(), z.string().max(5)),
      link: z.url(),
    });
    expect(unboundedPlaces(schema)).toEqual(['specs.<key>', 'link']);
  });
});

describe('every call of the contract', () => {
  const calls = allEndpoints();

  it('holds places to check (the walker reaches nested fields)', () => {
    const places = calls.flatMap(({ call }) =>
      inputsOf(call).flatMap(([, schema]) => placesOf(schema)),
    );
    const names = places.map((place) => place.steps.map(String).join('.'));
    expect(names).toEqual(
      expect.arrayContaining([
        'productData.productDetails.title',
        'productData.productDetails.specifications.k.k',
        'insertData.btnName',
        'imageUrls.0',
        'products.0.images.0',
        'products.0.availableSizes.0',
        'q',
      ]),
    );
  });

  it.each(calls.map(({ name, call }) => [name, call] as const))(
    '%s refuses a 200 KB text in every field',
    (_name, call) => {
      const unbounded = inputsOf(call).flatMap(([part, schema]) =>
        unboundedPlaces(schema).map((place) => `${part}.${place}`),
      );
      expect(unbounded).toEqual([]);
    },
  );
});
