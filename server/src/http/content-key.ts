// The key a content API answer is kept under: the call, its path parameters and the query
// parameters its declaration knows, as their schemas read them and in the schemas' order, so
// `?limit=20&q=tea`, `?q=tea` and `?q=tea&_=123` share one answer. Other parameters are dropped:
// they change nothing in the answer (docs/decisions.md). The address asked is part of the key
// only while links are built from it (no DEALDESK_PUBLIC_URL), lowercased and bounded.
import { endpoints, type AnyEndpoint } from '@dealdesk/core';
import type { FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { z } from 'zod';
import type { ServerConfig } from '../config.js';

const appCalls: readonly AnyEndpoint[] = Object.values(endpoints.app);
/** Where every content call's path starts: other requests are told apart at once. */
const appPrefix = '/api/v1/app/';
const callOfPath = new Map(appCalls.map((call) => [call.path, call]));
const declaredSegments = appCalls.map((call) => ({ call, segments: call.path.split('/') }));

/** A host name's longest (RFC 1035): an address header beyond it is answered, never kept. */
const longestAddress = 255;

/**
 * The values a schema reads from `given`, as JSON in the schema's order: '' without a schema,
 * null when it refuses them (Fastify then answers 400 and nothing is kept).
 */
function readValues(schema: z.ZodType | undefined, given: unknown): string | null {
  if (!(schema instanceof z.ZodObject)) return '';
  const names = Object.keys(schema.shape);
  const asked = (given ?? {}) as Record<string, unknown>;
  const known = Object.fromEntries(
    names.filter((name) => asked[name] !== undefined).map((name) => [name, asked[name]]),
  );
  const read = schema.safeParse(known);
  if (!read.success) return null;
  const values = read.data as Record<string, unknown>;
  return JSON.stringify(names.map((name) => values[name] ?? null));
}

/** The content call a raw path names, with its path parameters; null for any other path. */
function matchPath(path: string): { call: AnyEndpoint; params: Record<string, string> } | null {
  const segments = path.split('/');
  for (const { call, segments: declared } of declaredSegments) {
    if (declared.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = declared.every((part, index) => {
      const asked = segments[index] ?? '';
      if (!part.startsWith(':')) return part === asked;
      try {
        params[part.slice(1)] = decodeURIComponent(asked);
        return true;
      } catch {
        return false;
      }
    });
    if (matches) return { call, params };
  }
  return null;
}

/** A query string as Fastify reads it: a repeated parameter gives a list. */
function queryOf(text: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const earlier = query[name];
    query[name] = earlier === undefined ? value : [earlier, value].flat();
  }
  return query;
}

/**
 * The part of the key that says where links point: nothing with DEALDESK_PUBLIC_URL (every
 * address gets the same answer), else the Host asked (and the forwarded scheme when a proxy is
 * trusted: public-url.ts builds links from these two only), lowercased as URLs write host
 * names; null when one is too long to keep.
 */
function linkAddress(config: Pick<ServerConfig, 'publicUrl' | 'trustProxy'>) {
  if (config.publicUrl !== undefined && config.publicUrl !== null) return () => '';
  const names = config.trustProxy === false ? ['host'] : ['host', 'x-forwarded-proto'];
  return (headers: IncomingHttpHeaders): string | null => {
    const values = names.map((name) => String(headers[name] ?? '').toLowerCase());
    return values.some((value) => value.length > longestAddress) ? null : values.join(' ');
  };
}

export function contentKeys(config: Pick<ServerConfig, 'publicUrl' | 'trustProxy'>) {
  const addressOf = linkAddress(config);
  const keyOf = (
    call: AnyEndpoint,
    headers: IncomingHttpHeaders,
    params: unknown,
    query: unknown,
  ): string | null => {
    const address = addressOf(headers);
    const paramValues = readValues(call.params, params);
    const queryValues = readValues(call.query, query);
    if (address === null || paramValues === null || queryValues === null) return null;
    return `${address} ${call.path} ${paramValues} ${queryValues}`;
  };

  return {
    /** The key of a request before Fastify reads it; null: no content call, or not kept. */
    ofRequest(request: IncomingMessage): string | null {
      const url = request.url ?? '';
      if (!url.startsWith(appPrefix)) return null;
      const mark = url.indexOf('?');
      const matched = matchPath(mark === -1 ? url : url.slice(0, mark));
      if (matched === null) return null;
      const query = mark === -1 ? {} : queryOf(url.slice(mark + 1));
      return keyOf(matched.call, request.headers, matched.params, query);
    },
    /** The key of a request Fastify routed to a content call, from what Fastify read. */
    ofRouted(request: FastifyRequest): string | null {
      const call = callOfPath.get(request.routeOptions.url ?? '');
      if (call === undefined) return null;
      return keyOf(call, request.raw.headers, request.params, request.query);
    },
  };
}

export type ContentKeys = ReturnType<typeof contentKeys>;
