// The OpenAPI 3.1 documents, generated once at start from core's contract: GET
// /api/openapi.json (every call; needs the API key like every /api/ path) and, for the mobile
// team, GET /api/v1/app/openapi.json (the app's calls: content API and tracking) with a page
// that shows it, /api/v1/app/docs. The app's two are public: they describe the calls, while
// the calls themselves still need the key. Documents are plain JSON, not sealed, so API tools
// read them as they are.
import { allEndpoints, openApiDocument } from '@dealdesk/core';
import type { FastifyInstance } from 'fastify';

export const apiDocumentPath = '/api/openapi.json';
export const appDocumentPaths = ['/api/v1/app/openapi.json', '/api/v1/app/docs'] as const;

const appDescription =
  'What the mobile app calls: the content API (everything administrators publish) and ' +
  'tracking. Every call carries the API key (x-api-key) and no admin token. Answers travel ' +
  'sealed in the envelope {"encrypted", "iv"} (AES-256-CBC with the shared key): the Envelope ' +
  'component, whose x-dealdesk-sealed names the schema it opens to. Content answers carry a ' +
  'strong ETag and Cache-Control: send If-None-Match to get 304 without a body. Answers come ' +
  'in br or gzip by Accept-Encoding; with the header X-Dealdesk-Envelope: 2 the JSON is ' +
  'compressed with raw DEFLATE before it is sealed (decrypt, then inflate), and the answer ' +
  'carries the same header. Within v1 answers may gain fields (ignore the ones you do not ' +
  'know) and calls may gain optional parameters; nothing is removed, renamed or retyped, no ' +
  'input becomes required and no enum of an answer gains a value (docs/app-api.md, ' +
  'Compatibility).';

type Json = Record<string, unknown>;

/** A sealed schema's opened one (its x-dealdesk-sealed names a component), else itself. */
function opened(document: Json, schema: unknown): unknown {
  const pointer = (schema as Json | undefined)?.['x-dealdesk-sealed'];
  if (typeof pointer !== 'string') return schema;
  const components = (document.components as { schemas: Record<string, unknown> }).schemas;
  return components[pointer.split('/').at(-1) ?? ''];
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] ?? char,
  );

/** The document as a page: each call with its parameters, body and answer schemas. */
function documentPage(document: Json): string {
  const info = document.info as { title: string; description: string; version: string };
  const paths = document.paths as Record<string, Record<string, Json>>;
  const operations = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );
  const contents = operations.map(
    ({ path, method, operation }) =>
      `<li><a href="#${escapeHtml(String(operation.operationId))}"><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></a></li>`,
  );
  const calls = operations.map(({ path, method, operation }) => {
    const parameters = (operation.parameters as Json[]).map(
      (parameter) =>
        `<tr><td><code>${escapeHtml(String(parameter.name))}</code></td><td>${escapeHtml(String(parameter.in))}</td><td>${parameter.required === true ? 'required' : 'optional'}</td><td><code>${escapeHtml(JSON.stringify(parameter.schema))}</code></td></tr>`,
    );
    const body = operation.requestBody as { content: Record<string, Json> } | undefined;
    const answer = (operation.responses as Record<string, { content?: Record<string, Json> }>)[
      '200'
    ]?.content?.['application/json']?.schema;
    return `<section id="${escapeHtml(String(operation.operationId))}">
<h2><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h2>
<p>${escapeHtml(String(operation.summary))}</p>
${parameters.length === 0 ? '' : `<table><thead><tr><th>parameter</th><th>in</th><th></th><th>schema</th></tr></thead><tbody>${parameters.join('')}</tbody></table>`}
${body === undefined ? '' : `<details><summary>Body (opened)</summary><pre>${escapeHtml(JSON.stringify(opened(document, Object.values(body.content)[0]?.schema), null, 2))}</pre></details>`}
<details><summary>Answer (opened)</summary><pre>${escapeHtml(JSON.stringify(opened(document, answer), null, 2))}</pre></details>
</section>`;
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(info.title)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:0 auto;padding:24px;color:#1a1b1e}
h1{font-size:26px}h2{font-size:18px;margin:0 0 4px}section{border:1px solid #dee2e6;border-radius:8px;padding:16px;margin:16px 0}
.method{background:#1c7ed6;color:#fff;border-radius:4px;padding:2px 8px;font-size:13px}
pre{background:#f1f3f5;padding:12px;border-radius:6px;overflow:auto;font-size:13px}
summary{cursor:pointer;font-weight:600;margin:8px 0}.contents{list-style:none;padding:0;columns:2}.contents li{margin:4px 0}.contents a{text-decoration:none;color:inherit}code{overflow-wrap:anywhere}
@media (max-width:640px){body{padding:16px}.contents{columns:1}}
table{border-collapse:collapse;width:100%;font-size:14px}td,th{border-bottom:1px solid #e9ecef;padding:4px 8px;text-align:left;vertical-align:top}
</style></head><body>
<h1>${escapeHtml(info.title)} <small>${escapeHtml(info.version)}</small></h1>
<p>${escapeHtml(info.description)}</p>
<p>The whole document: <a href="openapi.json">openapi.json</a>. The envelope, caching and tracking are explained in the project's docs/app-api.md.</p>
<ul class="contents">${contents.join('')}</ul>
${calls.join('\n')}
</body></html>`;
}

/**
 * The documents of a version and public URL. They depend on nothing else (core's contract is
 * fixed), so a process builds them once: that took 0.1-0.2 s, most of an app's start (tests
 * start hundreds). `servers` names DEALDESK_PUBLIC_URL only, never the Host asked: without it
 * the documents name none, and tools call the address they read them from.
 */
const documentsOf = (() => {
  const built = new Map<string, { text: string; appText: string; appPage: string }>();
  return (version: string, publicUrl: string | null) => {
    const key = `${version} ${publicUrl ?? ''}`;
    const known = built.get(key);
    if (known !== undefined) return known;
    const info = { version, ...(publicUrl === null ? {} : { serverUrl: publicUrl }) };
    const appDocument = openApiDocument(allEndpoints({ only: 'app' }), {
      ...info,
      title: 'Dealdesk app API',
      description: appDescription,
    });
    const documents = {
      text: JSON.stringify(openApiDocument(allEndpoints(), info)),
      appText: JSON.stringify(appDocument),
      appPage: documentPage(appDocument),
    };
    built.set(key, documents);
    return documents;
  };
})();

export function serveApiDocument(
  app: FastifyInstance,
  version: string,
  publicUrl: string | null,
): void {
  const { text, appText, appPage } = documentsOf(version, publicUrl);
  // A string payload skips the envelope's preSerialization hook.
  app.get(apiDocumentPath, async (_request, reply) => reply.type('application/json').send(text));
  app.get(appDocumentPaths[0], async (_request, reply) =>
    reply.type('application/json').send(appText),
  );
  app.get(appDocumentPaths[1], async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(appPage),
  );
}
