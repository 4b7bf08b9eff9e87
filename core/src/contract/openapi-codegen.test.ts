// What a code generator makes of the app's OpenAPI document: openapi-typescript turns it into
// types, and a small client written against them (the sealed home answer, its ETag and 304,
// the product list's event, a refusal) must type-check, as a phone team's generated client
// would have to compile.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { allEndpoints } from './index.js';
import { openApiDocument } from './openapi.js';

const serverUrl = 'https://deals.example.com';
const document = openApiDocument(allEndpoints({ only: 'app' }), { version: '1.0.0', serverUrl });

/** A client as a phone team would write it over the generated types. */
const client = `
import type { components, paths } from './app-api.js';

type Schemas = components['schemas'];
type Home = paths['/api/v1/app/home']['get'];
type Products = paths['/api/v1/app/products']['get'];
type Product = paths['/api/v1/app/products/{id}']['get'];

/** Opens an envelope: the app's recipe (docs/app-api.md); its crypto is not typed here. */
declare function open<T>(sealed: Schemas['Envelope']): T;

export async function home(
  baseUrl: string,
  apiKey: string,
  held?: { etag: string; answer: Schemas['AppHomeAnswer'] },
): Promise<{ etag: string; answer: Schemas['AppHomeAnswer'] }> {
  type Asked = NonNullable<Home['parameters']['header']>;
  const ifNoneMatch: Asked['If-None-Match'] = held?.etag;
  const compact: Asked['X-Dealdesk-Envelope'] = '2';
  const headers = new Headers({ 'x-api-key': apiKey, 'X-Dealdesk-Envelope': compact });
  if (ifNoneMatch !== undefined) headers.set('If-None-Match', ifNoneMatch);
  const response = await fetch(baseUrl + '/api/v1/app/home', { headers });
  const notModified: keyof Home['responses'] = 304;
  if (response.status === notModified && held !== undefined) return held;
  const sealed: Home['responses'][200]['content']['application/json'] = await response.json();
  const answer = open<Schemas['AppHomeAnswer']>(sealed);
  const firstStory: string | undefined = answer.data.stories[0]?._id;
  const adsEvery: number = answer.data.controller.storyAdsPosition;
  void [firstStory, adsEvery];
  return { etag: response.headers.get('etag') ?? '', answer };
}

/** The event is one of the four the product list knows, not any text. */
type Event = NonNullable<NonNullable<Products['parameters']['query']>['event']>;
const eventIsClosed: string extends Event ? false : true = true;
export const bestDeals: Event = 'Best Deals';

export function page(sealed: Products['responses'][200]['content']['application/json']) {
  const answer = open<Schemas['AppProductsAnswer']>(sealed);
  const events: Event[] = answer.data.flatMap((product) => [product.events]);
  return { events, next: answer.nextCursor, eventIsClosed };
}

/** A refusal opens to status false and a message; an unknown product is a 404. */
export function refused(sealed: Product['responses'][404]['content']['application/json']): string {
  const refusal = open<Schemas['Refusal']>(sealed);
  const failed: false = refusal.status;
  return failed ? '' : refusal.message;
}
`;

describe('the app document, through a code generator', () => {
  const folder = mkdtempSync(join(tmpdir(), 'dealdesk-codegen-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('gives TypeScript types a client of the envelope, ETag and 304 type-checks against', async () => {
    const types = astToString(await openapiTS(document as unknown as OpenAPI3));
    writeFileSync(join(folder, 'app-api.ts'), types);
    writeFileSync(join(folder, 'client.ts'), client);
    const program = ts.createProgram([join(folder, 'client.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
    });
    const errors = ts
      .getPreEmitDiagnostics(program)
      .map((error) => ts.flattenDiagnosticMessageText(error.messageText, '\n'));
    expect(errors).toEqual([]);
  });

  it('names the server and leaves answers open to new fields', () => {
    expect(document.servers).toEqual([{ url: serverUrl }]);
    const answers = Object.entries(
      (document.components as { schemas: Record<string, unknown> }).schemas,
    ).filter(([name]) => name.endsWith('Answer'));
    expect(answers.length).toBeGreaterThan(0);
    for (const [name, schema] of answers)
      expect(JSON.stringify(schema), name).not.toContain('"additionalProperties":false');
  });
});
