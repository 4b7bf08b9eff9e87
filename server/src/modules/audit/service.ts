// The audit log: every write through the API records one entry in the write's own transaction
// (record), so there is no change without its entry and no entry of a change that did not
// happen. Who and from where come from the call's actor (http/actor.ts); the entries are
// listed, shown, exported and pruned after DEALDESK_AUDIT_DAYS here.
import {
  roleAllows,
  roleMessages,
  addDays,
  businessDayStart,
  type AuditAction,
  type AuditEntry,
  type AuditEntryDetail,
  type AuditExportQuery,
  type AuditFilters,
  type AuditKind,
  type AuditListQuery,
} from '@dealdesk/core';
import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { Database } from '../../adapters/storage/schema.js';
import { defaultAuditDays } from '../../config.js';
import type { AppContext } from '../../context.js';
import { consoleActor, currentActor, type Actor } from '../../http/actor.js';
import { HttpError } from '../../http/errors.js';
import { pagesById } from '../../http/export-pages.js';
import { newId } from '../../ids.js';
import { messages } from '../auth/messages.js';
import { describeCaller } from '../auth/service.js';
import type { AuditLogTable } from './tables.js';

export interface AuditEntryInput {
  action: AuditAction;
  kind: AuditKind;
  itemId: string | null;
  /** The item's name or title, kept for the list (the item may go later). */
  label?: string;
  /** update: the changed fields before; delete: the item as it was. Never secrets. */
  before?: Record<string, unknown> | null;
  /** update: the changed fields after; create: the item as created. */
  after?: Record<string, unknown> | null;
  /** Sign-in steps, where the request's scope has no admin yet: who it was. */
  adminId?: string | null;
}

/** What a refused bulk call's entry says before its status and message are added. */
export type RefusalEntry = Pick<AuditEntryInput, 'kind' | 'label'> & {
  after: Record<string, unknown>;
};

/** How often each instance prunes: old entries need not go to the minute. */
export const pruneEveryMs = 60 * 60_000;

/** Entries one prune statement deletes, so that none holds the database for long. */
const pruneBatch = 1_000;

/** Entries one insert writes: 15 values each stay under SQLite's 32,766 bound values. */
const recordBatch = 1_000;

type Row = Selectable<AuditLogTable>;

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Of an update's states before and after, the fields whose values differ (both sides keep the
 * same keys); a create's or a delete's one side as it is.
 */
function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  if (before === null || after === null) return { before, after };
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => !sameValue(before[key], after[key]),
  );
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])),
  };
}

/** Columns no administrator edits: the id, the bookkeeping times, text kept for searches. */
const bookkeeping = new Set(['id', 'created_at', 'updated_at', 'search_text']);

/** A stored row as its audit entries keep it: without its id and bookkeeping columns. */
export const auditedFields = (row: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(row).filter(([column]) => !bookkeeping.has(column)));

const entryOf = (row: Row): AuditEntry => ({
  _id: row.id,
  at: row.at,
  admin_id: row.admin_id,
  actor: row.actor,
  token_name: row.token_name,
  client: row.client,
  address: row.address,
  action: row.action,
  kind: row.kind,
  item_id: row.item_id,
  label: row.label,
});

const parsed = (text: string | null) =>
  text === null ? null : (JSON.parse(text) as Record<string, unknown>);

const detailOf = (row: Row): AuditEntryDetail => ({
  ...entryOf(row),
  before: parsed(row.before),
  after: parsed(row.after),
});

/** The caller in words, and the API token's name when a token makes the call. */
async function describe(
  trx: Kysely<Database>,
  actor: Actor,
  adminId: string | null,
): Promise<{ actor: string; tokenName: string | null }> {
  if (
    actor.via !== null &&
    actor.tokenId !== null &&
    adminId === actor.adminId &&
    adminId !== null
  ) {
    const caller = { adminId, tokenId: actor.tokenId, via: actor.via };
    const tokenName =
      actor.via === 'api'
        ? ((
            await trx
              .selectFrom('auth_tokens')
              .select('name')
              .where('id', '=', actor.tokenId)
              .executeTakeFirst()
          )?.name ?? null)
        : null;
    return { actor: await describeCaller(trx, caller), tokenName };
  }
  // Sign-in steps and the server machine's command: the admin's email, as sign-in knows it.
  const admin =
    adminId === null
      ? undefined
      : await trx
          .selectFrom('admins')
          .select('a_email')
          .where('id', '=', adminId)
          .executeTakeFirst();
  const who = admin?.a_email ?? adminId;
  if (actor.client !== 'console') return { actor: who ?? 'unknown', tokenName: null };
  return { actor: who === null ? 'server console' : `${who} (server console)`, tokenName: null };
}

/**
 * A signed-in caller is checked again in the write's transaction, just before it commits: an
 * administrator disabled (or a session ended) while the write was under way fails it, rolled
 * back with nothing sent (what leaves the server is sent after the commit). On PostgreSQL the
 * rows are shared-locked, so a disable running now waits for this write, or this for it.
 */
async function checkStillSignedIn(
  trx: Kysely<Database>,
  context: AppContext,
  actor: Actor,
): Promise<void> {
  if (actor.via === null || actor.adminId === null || actor.tokenId === null) return;
  const valid = await trx
    .selectFrom('auth_tokens')
    .innerJoin('admins', 'admins.id', 'auth_tokens.admin_id')
    .select(['auth_tokens.id', 'admins.role'])
    .where('auth_tokens.id', '=', actor.tokenId)
    .where('admins.id', '=', actor.adminId)
    .where('admins.status', '=', 'active')
    .where((eb) =>
      eb.or([
        eb('auth_tokens.expires_at', 'is', null),
        eb('auth_tokens.expires_at', '>', context.clock().toISOString()),
      ]),
    )
    .$if(context.dialect === 'postgres', (query) => query.forShare())
    .executeTakeFirst();
  if (valid === undefined) {
    context.metrics.adminRefused('caller-ended');
    throw new HttpError(401, messages.tokenInvalid);
  }
  // A role lowered since the call was admitted: refused as it would be now.
  if (actor.needs !== null && !roleAllows(valid.role, actor.needs)) {
    context.metrics.adminRefused('role');
    throw new HttpError(403, roleMessages.needs(actor.needs));
  }
}

export function auditTrail(context: AppContext) {
  const { db, clock, config } = context;

  /** The filters' conditions on a query of the log. */
  const filtered = <O>(
    query: SelectQueryBuilder<Database, 'audit_log', O>,
    filters: AuditFilters,
  ): SelectQueryBuilder<Database, 'audit_log', O> => {
    let where = query;
    if (filters.admin !== undefined) where = where.where('admin_id', '=', filters.admin);
    if (filters.kind !== undefined) where = where.where('kind', '=', filters.kind);
    if (filters.action !== undefined) where = where.where('action', '=', filters.action);
    if (filters.item !== undefined) where = where.where('item_id', '=', filters.item);
    // Business days, as the analytics ranges: from the first's start to the next after the last.
    if (filters.from !== undefined)
      where = where.where('at', '>=', businessDayStart(filters.from, config.timeZone));
    if (filters.to !== undefined)
      where = where.where('at', '<', businessDayStart(addDays(filters.to, 1), config.timeZone));
    return where;
  };

  const newestFirst = <O>(query: SelectQueryBuilder<Database, 'audit_log', O>) =>
    query.orderBy('at', 'desc').orderBy('id', 'desc');

  const trail = {
    /**
     * Writes the change's entries with `trx` (its transaction), in one statement a batch: a
     * bulk call's entry per item costs no query per item. Who and where come from the call.
     */
    async record(
      trx: Kysely<Database>,
      change: AuditEntryInput | readonly AuditEntryInput[],
    ): Promise<void> {
      const entries = 'action' in change ? [change] : change;
      const caller = currentActor();
      if (caller !== undefined) await checkStillSignedIn(trx, context, caller);
      const now = clock();
      for (let start = 0; start < entries.length; start += recordBatch) {
        const rows = [];
        for (const entry of entries.slice(start, start + recordBatch)) {
          // Outside a call (the demo data, the server machine's command): the server console.
          const actor = currentActor() ?? consoleActor(entry.adminId ?? null);
          const adminId = entry.adminId === undefined ? actor.adminId : entry.adminId;
          const own = adminId === actor.adminId;
          const described =
            own && actor.described !== undefined
              ? actor.described
              : await describe(trx, actor, adminId);
          if (own) actor.described = described;
          const { before, after } = changedFields(entry.before ?? null, entry.after ?? null);
          rows.push({
            id: newId(now),
            at: now.toISOString(),
            admin_id: adminId,
            // The session's or API token's id; a sign-in step's temporary token is not kept.
            token_id: own && actor.via !== null ? actor.tokenId : null,
            token_name: described.tokenName,
            actor: described.actor,
            client: actor.client,
            address: actor.address,
            action: entry.action,
            kind: entry.kind,
            item_id: entry.itemId,
            label: entry.label ?? '',
            before: before === null ? null : JSON.stringify(before),
            after: after === null ? null : JSON.stringify(after),
          });
          actor.recorded += 1;
        }
        await trx.insertInto('audit_log').values(rows).execute();
      }
    },

    /**
     * Runs a bulk write; when it is refused (a 4xx other than an ended caller's 401), records
     * the refusal after its transaction rolled back: `refused`, with the status and message
     * added to `entry.after`. A refused bulk call changed nothing, but was made.
     */
    async keepRefusal<T>(entry: RefusalEntry, work: () => Promise<T>): Promise<T> {
      try {
        return await work();
      } catch (error) {
        if (error instanceof HttpError && error.statusCode >= 400 && error.statusCode < 500)
          if (error.statusCode !== 401)
            await trail.record(db, {
              ...entry,
              action: 'refused',
              itemId: null,
              after: { ...entry.after, status: error.statusCode, message: error.message },
            });
        throw error;
      }
    },

    /** A page of the entries the filters keep, newest first, and how many they keep. */
    async list(query: AuditListQuery): Promise<{ data: AuditEntry[]; totalRecord: number }> {
      const [rows, total] = await Promise.all([
        newestFirst(filtered(db.selectFrom('audit_log').selectAll(), query))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit)
          .execute(),
        filtered(db.selectFrom('audit_log'), query)
          .select((eb) => eb.fn.countAll().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return { data: rows.map(entryOf), totalRecord: Number(total.total) };
    },

    async detail(id: string): Promise<AuditEntryDetail> {
      const row = await db
        .selectFrom('audit_log')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (row === undefined) throw new HttpError(404, 'Audit entry not found');
      return detailOf(row);
    },

    /**
     * The entries the filters keep, newest first, a page at a time (export-pages.ts): each page
     * starts after the last one's (at, id).
     */
    async *exportRows(query: AuditExportQuery): AsyncGenerator<AuditEntryDetail> {
      let lastAt = '';
      const pages = pagesById(async (after, limit) => {
        let page = filtered(db.selectFrom('audit_log').selectAll(), query);
        if (after !== null)
          page = page.where((eb) =>
            eb.or([eb('at', '<', lastAt), eb.and([eb('at', '=', lastAt), eb('id', '<', after)])]),
          );
        const rows = await newestFirst(page).limit(limit).execute();
        lastAt = rows.at(-1)?.at ?? lastAt;
        return rows;
      });
      for await (const rows of pages) for (const row of rows) yield detailOf(row);
    },

    /**
     * Deletes the entries older than the retention, a batch per statement (so none holds the
     * database long); answers how many went.
     */
    async prune(): Promise<number> {
      const days = config.auditDays ?? defaultAuditDays;
      const cutoff = new Date(clock().getTime() - days * 24 * 60 * 60_000).toISOString();
      let removed = 0;
      for (;;) {
        const batch = db
          .selectFrom('audit_log')
          .select('id')
          .where('at', '<', cutoff)
          .orderBy('at')
          .limit(pruneBatch);
        const result = await db.deleteFrom('audit_log').where('id', 'in', batch).executeTakeFirst();
        const count = Number(result.numDeletedRows);
        removed += count;
        if (count < pruneBatch) return removed;
      }
    },
  };
  return trail;
}
