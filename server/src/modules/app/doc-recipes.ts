// The recipes of docs/app-api.md, taken word for word for the tests that run them against a live
// server: a recipe that drifts from the server fails its test.
import { readFileSync } from 'node:fs';

/** The fenced block of docs/app-api.md in `language` titled `title`. */
export function docRecipe(language: string, title: string): string {
  const doc = readFileSync(new URL('../../../../docs/app-api.md', import.meta.url), 'utf8');
  const fence = '```';
  const start = doc.indexOf(`${fence}${language} title=${title}\n`);
  if (start < 0) throw new Error(`docs/app-api.md has no ${language} block titled ${title}`);
  const body = doc.indexOf('\n', start) + 1;
  return doc.slice(body, doc.indexOf(`${fence}\n`, body));
}
