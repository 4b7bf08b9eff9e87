// A call as the client sends it: method, path, who may call (and the least role), the body's
// kind, its file slots and query keys. No schemas: the client (and so a web screen that only calls) loads no zod. The
// table of every call's wire form (wire-table.ts) is derived from the declarations and checked
// against them by wire.test.ts.
import type { z } from 'zod';
import type { HttpMethod } from '../client/command.js';
import type { Access, AnyEndpoint, CallRole } from './endpoint.js';

export interface WireCall {
  method: HttpMethod;
  /** With `:name` for each path parameter. */
  path: string;
  access: Access;
  /** The least role a caller needs: the web app disables what the signed-in role cannot do. */
  role: CallRole;
  body?: 'envelope' | 'json' | 'multipart';
  /** A multipart body's file slots; its other fields are text or JSON parts. */
  files?: readonly string[];
  /** Beside a body, the fields that go in the query string (without one, all do). */
  queryKeys?: readonly string[];
  /** A streamed list (an export): the success message its unread answer carries. */
  streamed?: string;
}

/** The top-level keys of an object schema (through refinements, pipes and defaults). */
function shapeKeys(schema: z.ZodType | undefined): string[] {
  const def = schema?.def as { shape?: object; in?: z.ZodType; innerType?: z.ZodType } | undefined;
  if (def === undefined) return [];
  if (def.shape !== undefined) return Object.keys(def.shape);
  return shapeKeys(def.in ?? def.innerType);
}

/** A declaration's wire form. */
export function wireOf(call: AnyEndpoint): WireCall {
  const queryKeys = call.body === undefined ? [] : shapeKeys(call.query);
  return {
    method: call.method,
    path: call.path,
    access: call.access,
    role: call.role,
    ...(call.body === undefined ? {} : { body: call.body.kind }),
    ...(call.body?.kind === 'multipart' ? { files: Object.keys(call.body.files) } : {}),
    ...(queryKeys.length > 0 ? { queryKeys } : {}),
    ...(call.rows === undefined ? {} : { streamed: call.message }),
  };
}
