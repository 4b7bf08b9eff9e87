// The answers of one call in the OpenAPI documents (openapi.ts): its success, sealed or a
// streamed file, the ETag and 304 of a published read, and each refusal its declaration
// implies, every one with its shape.
import { rowFormats, type RowFormat } from '../format/csv.js';
import { rowColumns, rowFormatParameter, type AnyEndpoint, type RowsSpec } from './endpoint.js';
import {
  componentName,
  jsonSchema,
  objectSchema,
  schemaRef,
  sealed,
  type Components,
  type JsonSchema,
} from './openapi-schemas.js';

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

/**
 * Whether the call names items (by `id` or `_id` in its query or body, or in its path, where a
 * parameter of a closed set such as an ad type names a list, not an item): unknown ones 404.
 */
const namesItems = (call: AnyEndpoint): boolean =>
  Object.values(objectSchema(call.params, 'input').properties).some(
    (schema) => schema.enum === undefined,
  ) ||
  [call.query, call.body?.schema].some((schema) => {
    const keys = Object.keys(objectSchema(schema, 'input').properties);
    return keys.includes('id') || keys.includes('_id');
  });

/** The refusals a call can answer, from what it declares. */
function refusals(call: AnyEndpoint): Record<string, string> {
  const input = call.params ?? call.query ?? call.body;
  const caller = call.access === 'public' ? '' : ', or a role or token scope that may not';
  const badInput = input === undefined ? '' : 'Bad input: the message says which and why; or ';
  return {
    '400': `${badInput}an X-Dealdesk-Key the server does not hold (that refusal is plain JSON: nothing sealed could be opened)`,
    ...(call.access === 'public' ? {} : { '401': 'No token, or an expired or revoked one' }),
    '403': `A missing or wrong API key${caller}`,
    ...(namesItems(call) ? { '404': 'No item has that id' } : {}),
    ...(call.body === undefined ? {} : { '413': 'The body is larger than the call takes' }),
    ...(call.body?.kind === 'multipart' ? { '415': "A file not of its slot's types" } : {}),
    ...(call.limited === true ? { '429': 'Too many at once: try again later' } : {}),
  };
}

const etagHeader = {
  ETag: { description: 'Strong validator of the content', schema: { type: 'string' } },
};

/** The If-None-Match parameter of a published read. */
export const ifNoneMatch = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description: 'The ETag of the answer held: 304 without a body while it is current',
  schema: { type: 'string' },
};

/** The X-Dealdesk-Envelope parameter of a call answering JSON: the compact envelope. */
export const envelopeForm = {
  name: 'X-Dealdesk-Envelope',
  in: 'header',
  required: false,
  description:
    '2: the JSON is compressed with raw DEFLATE (RFC 1951) before it is sealed, and the answer ' +
    'says X-Dealdesk-Envelope: 2; inflate what the envelope opens to. Without it, the JSON is sealed as it is.',
  schema: { type: 'string', enum: ['2'] },
};

/** The X-Dealdesk-Key parameter of a call answering JSON: which envelope key the app holds. */
export const envelopeKeyId = {
  name: 'X-Dealdesk-Key',
  in: 'header',
  required: false,
  description:
    'The key id of the envelope key the app holds (the first 8 hex characters of SHA-256 of its ' +
    '32 bytes): answers are sealed and bodies opened with it while the server holds it (during a ' +
    'rotation, the previous key too). Without it, the current key.',
  schema: { type: 'string', pattern: '^[0-9a-f]{8}$' },
};

const envelopeEcho = {
  'X-Dealdesk-Envelope': {
    description: '2 when the answer is in the compact envelope (asked with the same header)',
    schema: { type: 'string', enum: ['2'] },
  },
};

/** A call's responses; its opened answer is named in `components` (`<Call>Answer`). */
export function responses(name: string, call: AnyEndpoint, components: Components): JsonSchema {
  const answer = componentName(name, 'Answer');
  if (call.rows === undefined) components[answer] = answerSchema(call);
  const success =
    call.rows === undefined
      ? {
          description: call.message,
          headers: {
            ...envelopeEcho,
            ...(call.published === true
              ? { ...etagHeader, 'Cache-Control': { schema: { type: 'string' } } }
              : {}),
          },
          content: { 'application/json': { schema: sealed('Envelope', answer) } },
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
        };
  const refused = Object.entries(refusals(call)).map(([status, description]) => {
    const refusal = sealed('Envelope', 'Refusal');
    const schema = status === '400' ? { oneOf: [refusal, schemaRef('Refusal')] } : refusal;
    return [
      status,
      { description, headers: envelopeEcho, content: { 'application/json': { schema } } },
    ];
  });
  return {
    '200': success,
    ...(call.published === true
      ? { '304': { description: 'The answer held is current', headers: etagHeader } }
      : {}),
    ...Object.fromEntries(refused),
  };
}
