import { allEndpoints, productEvents } from '@dealdesk/core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freshDatabase,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../testing/harness.js';
import { apiDocumentPath } from './api-document.js';

interface Operation {
  operationId: string;
  description?: string;
  'x-dealdesk-role'?: string;
  parameters: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: { properties?: object } }> };
  responses: Record<string, { headers?: object; content: Record<string, { schema: object }> }>;
}
interface Document extends Record<string, unknown> {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

describe('the API document', () => {
  let database: TestDatabase;
  let server: TestServer;
  let document: Document;
  beforeAll(async () => {
    database = await freshDatabase('sqlite');
    server = await startTestServer(testConfig(database));
    const response = await fetch(`${server.baseUrl}${apiDocumentPath}`, {
      headers: { 'x-api-key': server.config.apiKey },
    });
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    document = (await response.json()) as Document;
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every declared call with its input and answer schemas', () => {
    const declared = allEndpoints();
    expect(declared.length).toBeGreaterThanOrEqual(76);
    const listed = operations().flatMap(({ operation }) => operation.operationId.split('+'));
    expect(listed.sort()).toEqual(declared.map(({ name }) => name).sort());
    for (const { name, call } of declared) {
      const path = call.path.replace(/:(\w+)/g, '{$1}');
      const operation = document.paths[path]?.[call.method.toLowerCase()];
      expect(operation, name).toBeDefined();
      // A streamed list (an export) answers its file's types instead of the JSON envelope.
      const answerType = call.rows === undefined ? 'application/json' : 'text/csv';
      const answer = operation?.responses['200']?.content[answerType]?.schema;
      expect(answer, name).toBeDefined();
      if (call.body !== undefined) expect(operation?.requestBody, name).toBeDefined();
      for (const parameter of call.path.matchAll(/:(\w+)/g))
        expect(operation?.parameters.map(({ name: given }) => given)).toContain(parameter[1]);
    }
  });

  it("shows each call's role beside its access, and says it in words", () => {
    for (const { name, call } of allEndpoints()) {
      const path = call.path.replace(/:(\w+)/g, '{$1}');
      const operation = document.paths[path]?.[call.method.toLowerCase()];
      expect(operation?.['x-dealdesk-role'], name).toBe(call.role);
    }
    const rollback = document.paths['/api/App/controller/admin/versions/{version}/rollback']?.put;
    expect(rollback?.description).toBe(
      'Needs the owner role or above (viewer < editor < owner). A read-only API token is refused.',
    );
    expect(document.paths['/api/App/policy/admin/get']?.get?.description).toMatch(
      /^Needs the viewer role .* Read-only API tokens may call it\.$/,
    );
  });

  it('describes multipart uploads with their file slots', () => {
    const add = document.paths['/api/App/Add/Story/Video']?.post;
    const form = add?.requestBody?.content['multipart/form-data']?.schema;
    expect(Object.keys(form?.properties ?? {})).toEqual(
      expect.arrayContaining(['insertData', 'image', 'video', 'thembnal']),
    );
  });

  it('lists each refusal a call can answer, sealed, and the ETag and 304 of a published read', () => {
    const statuses = (path: string, method: string) =>
      Object.keys(document.paths[path]?.[method]?.responses ?? {}).sort();
    expect(statuses('/api/v1/app/products/{id}', 'get')).toEqual([
      '200',
      '304',
      '400',
      '403',
      '404',
    ]);
    expect(statuses('/api/App/track', 'post')).toEqual(['200', '400', '403', '413', '429']);
    expect(statuses('/api/App/Add/Story/Video', 'post')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '413',
      '415',
    ]);
    // Ids in a body name items too; an ad type in the path names a list.
    expect(statuses('/api/App/product', 'delete')).toContain('404');
    expect(statuses('/api/App/ads/{type}/admin/get', 'get')).not.toContain('404');
    const home = document.paths['/api/v1/app/home']?.get;
    expect(home?.parameters.map(({ name }) => name)).toEqual([
      'If-None-Match',
      'X-Dealdesk-Envelope',
      'X-Dealdesk-Key',
    ]);
    // Even a call without input refuses a key it does not hold, in plain JSON.
    expect(statuses('/api/v1/app/home', 'get')).toEqual(['200', '304', '400', '403']);
    expect(home?.responses['400']?.content['application/json']?.schema).toEqual({
      oneOf: [
        {
          $ref: '#/components/schemas/Envelope',
          'x-dealdesk-sealed': '#/components/schemas/Refusal',
        },
        { $ref: '#/components/schemas/Refusal' },
      ],
    });
    const sealed = (status: string) => home?.responses[status]?.content['application/json']?.schema;
    expect(sealed('200')).toEqual({
      $ref: '#/components/schemas/Envelope',
      'x-dealdesk-sealed': '#/components/schemas/AppHomeAnswer',
    });
    expect(sealed('403')).toMatchObject({ 'x-dealdesk-sealed': '#/components/schemas/Refusal' });
    expect(Object.keys(home?.responses['200']?.headers ?? {})).toEqual([
      'X-Dealdesk-Envelope',
      'ETag',
      'Cache-Control',
    ]);
  });

  it("gives the product list's event as an enum", () => {
    const event = document.paths['/api/v1/app/products']?.get?.parameters.find(
      ({ name }) => name === 'event',
    ) as { schema: { enum?: string[] } } | undefined;
    expect(event?.schema.enum).toEqual([...productEvents]);
  });

  it('is served for every declared call: each one is a route of the server', () => {
    for (const { name, call } of allEndpoints())
      expect(server.app.hasRoute({ method: call.method, url: call.path }), name).toBe(true);
  });

  it('needs the API key like every /api/ path', async () => {
    const response = await fetch(`${server.baseUrl}${apiDocumentPath}`);
    expect(response.status).toBe(403);
  });
});
