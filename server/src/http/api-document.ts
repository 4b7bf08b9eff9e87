// GET /api/openapi.json: the OpenAPI 3.1 document of every declared call, generated once at
// start from core's contract. Like every /api/ path it needs the API key; unlike the calls it
// is plain JSON, not sealed in the envelope, so API tools can read it as it is.
import { allEndpoints, openApiDocument } from '@dealdesk/core';
import type { FastifyInstance } from 'fastify';

export const apiDocumentPath = '/api/openapi.json';

export function serveApiDocument(app: FastifyInstance, version: string): void {
  const text = JSON.stringify(openApiDocument(allEndpoints(), { version }));
  // A string payload skips the envelope's preSerialization hook.
  app.get(apiDocumentPath, async (_request, reply) => reply.type('application/json').send(text));
}
