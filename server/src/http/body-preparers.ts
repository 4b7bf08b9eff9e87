// Handlers' first steps on a checked JSON body, made on the body thread right after a large
// body's check (body-check.ts) instead of on the main thread, which writes every import call
// in turn. Pure functions of the checked body; an implementation declares the same function
// as its `prepare` (route.ts refuses one that does not), so its handler is typed by it.
import { endpoints, type AnyEndpoint } from '@dealdesk/core';
import { storedBulk } from '../modules/products/rows.js';

export type BodyPreparer = (body: never) => unknown;

export const bodyPreparers = new Map<AnyEndpoint, BodyPreparer>([
  // Each row's columns and search text: a tenth of the main thread's work in an import.
  [endpoints.products.bulk, storedBulk],
]);
