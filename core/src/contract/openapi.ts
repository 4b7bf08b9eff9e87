// The OpenAPI 3.1 document of the API, generated from the declarations: paths, parameters,
// request bodies and answers as JSON Schema (zod's own output), so it cannot drift from the
// code. Sealed bodies and answers are the envelope components, each naming the schema it
// opens to (`x-dealdesk-sealed`), so a generated client gets both (docs/app-api.md).
import type { AnyEndpoint } from './endpoint.js';
import { callWrites } from './roles.js';
import { envelopeForm, envelopeKeyId, ifNoneMatch, responses } from './openapi-answers.js';
import {
  componentName,
  envelopeSchemas,
  jsonSchema,
  objectSchema,
  schemaRef,
  sealed,
  type Components,
  type JsonSchema,
} from './openapi-schemas.js';

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
    ...(call.published === true ? [ifNoneMatch] : []),
    // A streamed file is not sealed; every JSON answer, refusals included, is.
    ...(call.rows === undefined ? [envelopeForm, envelopeKeyId] : []),
  ];
}

function requestBody(
  name: string,
  call: AnyEndpoint,
  components: Components,
): JsonSchema | undefined {
  const body = call.body;
  if (body === undefined) return undefined;
  if (body.kind === 'envelope') {
    const opened = componentName(name, 'Body');
    components[opened] = jsonSchema(body.schema, 'input');
    return {
      required: true,
      content: { 'application/json': { schema: sealed('SealedRequest', opened) } },
    };
  }
  if (body.kind === 'json') {
    return {
      required: true,
      description: 'Plain JSON (the spec sends this call unsealed).',
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

/** Who may call, in words: the least role, and whether a read-only token may. */
function roleDescription(call: AnyEndpoint): string | undefined {
  if (call.role === 'anyone') return undefined;
  const tokens =
    call.access === 'session'
      ? 'API tokens may not call it.'
      : callWrites(call)
        ? 'A read-only API token is refused.'
        : 'Read-only API tokens may call it.';
  return `Needs the ${call.role} role or above (viewer < editor < owner). ${tokens}`;
}

function operation(name: string, call: AnyEndpoint, components: Components): JsonSchema {
  const body = requestBody(name, call, components);
  const description = roleDescription(call);
  return {
    operationId: name,
    summary: call.summary,
    ...(description === undefined ? {} : { description }),
    tags: [name.split('.')[0]],
    'x-access': call.access,
    'x-dealdesk-role': call.role,
    security: call.access === 'public' ? [{ apiKey: [] }] : [{ apiKey: [], bearer: [] }],
    parameters: parameters(call),
    ...(body === undefined ? {} : { requestBody: body }),
    responses: responses(name, call, components),
  };
}

/** Two declarations on one method and path (the product reads) become one operation. */
function merged(operations: JsonSchema[], components: Components): JsonSchema {
  const [first, ...others] = operations;
  if (first === undefined || others.length === 0) return first ?? {};
  const all = [first, ...others];
  const byName = new Map<string, JsonSchema>();
  for (const parameter of all.flatMap((one) => one.parameters as JsonSchema[]))
    byName.set(String(parameter.name), { ...parameter, required: parameter.in === 'path' });
  const names = all.map((one) => String(one.operationId));
  const answer = componentName(names.join('+'), 'Answer');
  components[answer] = { oneOf: names.map((one) => schemaRef(componentName(one, 'Answer'))) };
  // Each status once: the first declaration's description, the refusals of every one.
  const refusals = Object.assign(
    {},
    ...all.map((one) => one.responses as JsonSchema).reverse(),
  ) as JsonSchema;
  return {
    ...first,
    operationId: names.join('+'),
    summary: all.map((one) => one.summary).join('; or '),
    parameters: [...byName.values()],
    responses: {
      ...refusals,
      '200': {
        description: names.join(' or '),
        content: { 'application/json': { schema: sealed('Envelope', answer) } },
      },
    },
  };
}

export function openApiDocument(
  calls: readonly { name: string; call: AnyEndpoint }[],
  info: { version: string; serverUrl?: string; title?: string; description?: string },
): JsonSchema {
  const components: Components = { ...envelopeSchemas };
  const grouped = new Map<string, Map<string, JsonSchema[]>>();
  for (const { name, call } of calls) {
    const path = call.path.replace(/:([A-Za-z_]\w*)/g, '{$1}');
    const methods = grouped.get(path) ?? new Map<string, JsonSchema[]>();
    grouped.set(path, methods);
    const method = call.method.toLowerCase();
    methods.set(method, [...(methods.get(method) ?? []), operation(name, call, components)]);
  }
  const paths = Object.fromEntries(
    [...grouped].map(([path, methods]) => [
      path,
      Object.fromEntries(
        [...methods].map(([method, operations]) => [method, merged(operations, components)]),
      ),
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
          '(AES-256-CBC with the shared key): the Envelope and SealedRequest components, whose ' +
          'x-dealdesk-sealed names the opened schema. Calls that create or send honour an ' +
          'Idempotency-Key header.',
    },
    ...(info.serverUrl === undefined ? {} : { servers: [{ url: info.serverUrl }] }),
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
      schemas: components,
    },
  };
}
