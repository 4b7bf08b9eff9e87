// The OpenAPI 3.1 document of the API, generated from the declarations: paths, parameters,
// request bodies and answers as JSON Schema (zod's own output), so it cannot drift from the
// code. Bodies and answers are described as they are before sealing and after opening: on the
// wire every JSON body and every answer travels in the encrypted envelope (docs/api.md).
import { z } from 'zod';
import { rowFormats, type RowFormat } from '../format/csv.js';
import { readFieldShapes } from '../schemas/fields.js';
import { rowColumns, rowFormatParameter, type AnyEndpoint, type RowsSpec } from './endpoint.js';

type JsonSchema = Record<string, unknown>;

interface ObjectSchema {
  properties: Record<string, JsonSchema>;
  required: string[];
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    // File slots (checked by their bytes) and preprocessed fields have no JSON Schema: any.
    unrepresentable: 'any',
    // A field read by one function is described by the shape it reads.
    override: ({ zodSchema, jsonSchema: described }) => {
      const shape = readFieldShapes.get(zodSchema as unknown as z.ZodType);
      if (shape !== undefined) Object.assign(described, jsonSchema(shape, io));
    },
  }) as JsonSchema;
  // The document declares the dialect once; embedded schemas go without it.
  return Object.fromEntries(Object.entries(json).filter(([key]) => key !== '$schema'));
}

function objectSchema(schema: z.ZodType | undefined, io: 'input' | 'output'): ObjectSchema {
  if (schema === undefined) return { properties: {}, required: [] };
  const json = jsonSchema(schema, io);
  return {
    properties: (json.properties ?? {}) as Record<string, JsonSchema>,
    required: (json.required ?? []) as string[],
  };
}

function parameters(call: AnyEndpoint): JsonSchema[] {
  const path = objectSchema(call.params, 'input');
  const query = objectSchema(call.query, 'input');
  return [
    ...Object.entries(path.properties).map(([name, schema]) => ({
      name,
      in: 'path',
      required: true,
      schema,
    })),
    ...Object.entries(query.properties).map(([name, schema]) => ({
      name,
      in: 'query',
      required: query.required.includes(name),
      schema,
    })),
  ];
}

function requestBody(call: AnyEndpoint): JsonSchema | undefined {
  const body = call.body;
  if (body === undefined) return undefined;
  if (body.kind !== 'multipart') {
    return {
      required: true,
      description:
        body.kind === 'envelope'
          ? 'Sent sealed in the envelope: {"encryptedData": "..."}; this is the opened value.'
          : 'Plain JSON (the spec sends this call unsealed).',
      content: { 'application/json': { schema: jsonSchema(body.schema, 'input') } },
    };
  }
  const fields = objectSchema(body.schema, 'input');
  const lists = body.lists ?? [];
  const file = { type: 'string', format: 'binary' };
  const properties: Record<string, JsonSchema> = { ...fields.properties };
  for (const [slot, rule] of Object.entries(body.files)) {
    const description = `${rule.extensions.join(', ')}; at most ${rule.maxBytes} bytes`;
    properties[slot] = lists.includes(slot)
      ? { type: 'array', items: file, description }
      : { ...file, description };
  }
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: { type: 'object', properties, required: fields.required },
      },
    },
  };
}

/** The opened answer: status, message and the call's fields. */
function answerSchema(call: AnyEndpoint): JsonSchema {
  const fields = objectSchema(call.answer, 'output');
  return {
    type: 'object',
    properties: {
      status: { type: 'boolean', const: true },
      message: { type: 'string', examples: [call.message] },
      ...fields.properties,
    },
    required: ['status', 'message', ...fields.required],
  };
}

/** A streamed list's answer: one content type per format, each row described once. */
function rowsContent(call: AnyEndpoint, rows: RowsSpec): JsonSchema {
  const row = jsonSchema(call.answer, 'output');
  const columns = rowColumns(call).join(',');
  const described: Record<RowFormat, JsonSchema> = {
    csv: {
      schema: {
        type: 'string',
        description:
          `CSV (RFC 4180, UTF-8, CRLF): the header ${columns}, then one record a row. Lists and ` +
          'objects are JSON text in their cell; text starting with =, +, -, @, tab or CR has a ' +
          "single quote ' before it (spreadsheet formula injection), which an import removes.",
      },
      'x-row': row,
    },
    jsonl: {
      schema: { ...row, description: 'JSON Lines: one such object a line, nothing neutralised.' },
    },
  };
  return Object.fromEntries(
    rows.formats.map((format) => [rowFormats[format].mediaType, described[format]]),
  );
}

const refusal = {
  description: 'Refused: the opened answer says why (status false and a message).',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Refusal' } } },
};

function operation(name: string, call: AnyEndpoint): JsonSchema {
  const body = requestBody(call);
  return {
    operationId: name,
    summary: call.summary,
    tags: [name.split('.')[0]],
    'x-access': call.access,
    security: call.access === 'public' ? [{ apiKey: [] }] : [{ apiKey: [], bearer: [] }],
    parameters: parameters(call),
    ...(body === undefined ? {} : { requestBody: body }),
    responses: {
      '200':
        call.rows === undefined
          ? {
              description: call.message,
              content: { 'application/json': { schema: answerSchema(call) } },
            }
          : {
              description: `${call.message}: a file (Content-Disposition: attachment), streamed; the query's ${rowFormatParameter} picks its type`,
              headers: {
                'Content-Disposition': {
                  schema: {
                    type: 'string',
                    examples: [`attachment; filename="${call.rows.file}-2026-01-31.csv"`],
                  },
                },
              },
              content: rowsContent(call, call.rows),
            },
      '4XX': refusal,
    },
  };
}

/** Two declarations on one method and path (the product reads) become one operation. */
function merged(operations: JsonSchema[]): JsonSchema {
  const [first, ...others] = operations;
  if (first === undefined || others.length === 0) return first ?? {};
  const all = [first, ...others];
  const byName = new Map<string, JsonSchema>();
  for (const parameter of all.flatMap((one) => one.parameters as JsonSchema[]))
    byName.set(String(parameter.name), { ...parameter, required: parameter.in === 'path' });
  const answers = all.map((one) => {
    const responses = one.responses as Record<string, { content: Record<string, JsonSchema> }>;
    return responses['200']?.content['application/json']?.schema;
  });
  return {
    ...first,
    operationId: all.map((one) => one.operationId).join('+'),
    summary: all.map((one) => one.summary).join('; or '),
    parameters: [...byName.values()],
    responses: {
      '200': {
        description: all.map((one) => one.operationId).join(' or '),
        content: { 'application/json': { schema: { oneOf: answers } } },
      },
      '4XX': refusal,
    },
  };
}

export function openApiDocument(
  calls: readonly { name: string; call: AnyEndpoint }[],
  info: { version: string; serverUrl?: string; title?: string; description?: string },
): JsonSchema {
  const grouped = new Map<string, Map<string, JsonSchema[]>>();
  for (const { name, call } of calls) {
    const path = call.path.replace(/:([A-Za-z_]\w*)/g, '{$1}');
    const methods = grouped.get(path) ?? new Map<string, JsonSchema[]>();
    grouped.set(path, methods);
    const method = call.method.toLowerCase();
    methods.set(method, [...(methods.get(method) ?? []), operation(name, call)]);
  }
  const paths = Object.fromEntries(
    [...grouped].map(([path, methods]) => [
      path,
      Object.fromEntries([...methods].map(([method, operations]) => [method, merged(operations)])),
    ]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: info.title ?? 'Dealdesk API',
      version: info.version,
      description:
        info.description ??
        'The back-office and app-facing API. Every call carries the API key (x-api-key). ' +
          'JSON bodies marked so, and every answer, travel sealed in the envelope ' +
          '{"encryptedData": "..."} (AES-256-CBC with the shared key); the schemas here describe ' +
          'them opened. Calls that create or send honour an Idempotency-Key header.',
    },
    ...(info.serverUrl === undefined ? {} : { servers: [{ url: info.serverUrl }] }),
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
      schemas: {
        Refusal: {
          type: 'object',
          properties: {
            status: { type: 'boolean', const: false },
            message: { type: 'string' },
            field: { type: 'string', description: 'The input field the refusal is about' },
          },
          required: ['status', 'message'],
        },
      },
    },
  };
}
