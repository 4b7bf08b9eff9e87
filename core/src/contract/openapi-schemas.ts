// The JSON Schemas of the OpenAPI documents (openapi.ts): zod's own output, answers left open
// to new fields, and the envelope, named once in the document's components.
import { z } from 'zod';
import { readFieldShapes } from '../schemas/fields.js';

export type JsonSchema = Record<string, unknown>;

/** The document's named schemas, filled as its operations are built. */
export type Components = Record<string, JsonSchema>;

export interface ObjectSchema {
  properties: Record<string, JsonSchema>;
  required: string[];
}

export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    // File slots (checked by their bytes) and preprocessed fields have no JSON Schema: any.
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema: described }) => {
      // A field read by one function is described by the shape it reads.
      const shape = readFieldShapes.get(zodSchema as unknown as z.ZodType);
      if (shape !== undefined) Object.assign(described, jsonSchema(shape, io));
      // Answers may gain fields within a version (docs/app-api.md, Compatibility): a strict
      // decoder generated from `additionalProperties: false` would break on the first one.
      if (io === 'output' && described.additionalProperties === false)
        delete described.additionalProperties;
    },
  }) as JsonSchema;
  // The document declares the dialect once; embedded schemas go without it.
  return Object.fromEntries(Object.entries(json).filter(([key]) => key !== '$schema'));
}

export function objectSchema(schema: z.ZodType | undefined, io: 'input' | 'output'): ObjectSchema {
  if (schema === undefined) return { properties: {}, required: [] };
  const json = jsonSchema(schema, io);
  return {
    properties: (json.properties ?? {}) as Record<string, JsonSchema>,
    required: (json.required ?? []) as string[],
  };
}

export const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** A component's name from a call's name: `app.home` gives `AppHome`. */
export const componentName = (callName: string, suffix: string): string =>
  callName
    .split(/[.+]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('') + suffix;

/**
 * What travels sealed: the envelope on the wire, and beside it (`x-dealdesk-sealed`) the
 * schema it opens to, so a generator gets the type of both.
 */
export const sealed = (envelope: 'Envelope' | 'SealedRequest', opened: string): JsonSchema => ({
  ...schemaRef(envelope),
  'x-dealdesk-sealed': schemaRef(opened).$ref,
});

export const envelopeSchemas: Components = {
  Envelope: {
    type: 'object',
    description:
      'A sealed answer: AES-256-CBC with PKCS#7 padding under the shared 32-byte key; ' +
      'x-dealdesk-sealed names the schema of the JSON it opens to.',
    properties: {
      encrypted: { type: 'string', contentEncoding: 'base64', description: 'The ciphertext' },
      iv: { type: 'string', pattern: '^[0-9a-f]{32}$', description: 'The 16-byte IV, hex' },
    },
    required: ['encrypted', 'iv'],
  },
  SealedRequest: {
    type: 'object',
    description:
      'A sealed body: "<iv hex>:<ciphertext base64>", AES-256-CBC with PKCS#7 padding under ' +
      'the shared key and a fresh random IV; x-dealdesk-sealed names the opened schema.',
    properties: { encryptedData: { type: 'string', pattern: '^[0-9a-f]{32}:' } },
    required: ['encryptedData'],
  },
  Refusal: {
    type: 'object',
    properties: {
      status: { type: 'boolean', const: false },
      message: { type: 'string' },
      field: { type: 'string', description: 'The input field the refusal is about' },
    },
    required: ['status', 'message'],
  },
};
