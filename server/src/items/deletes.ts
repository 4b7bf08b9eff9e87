import type { AuditKind } from '@dealdesk/core';
import type { Kysely } from 'kysely';
import type { Database } from '../adapters/storage/schema.js';
import type { AppContext } from '../context.js';
import { HttpError } from '../http/errors.js';
import { auditedFields, auditTrail } from '../modules/audit/service.js';
import { trackingService } from '../modules/tracking/service.js';
import { removeStored } from '../adapters/media/stored-files.js';

/** How one kind of item is found, deleted and what files it holds. */
export interface DeletableItems<Row> {
  notFound: string;
  /** What the audit log calls them, and the name it keeps of each. */
  kind: AuditKind;
  labelOf(row: Row): string;
  find(db: Kysely<Database>, ids: readonly string[]): Promise<Row[]>;
  remove(db: Kysely<Database>, ids: readonly string[]): Promise<unknown>;
  mediaOf(row: Row): string[];
}

/**
 * Deletes several items in one transaction, all or none: an unknown id answers 404 and
 * nothing is deleted. Their counters go with them, each leaves its audit entry; their files
 * are removed once the rows are.
 */
export async function deleteItems<Row extends { id: string }>(
  context: AppContext,
  ids: readonly string[],
  items: DeletableItems<Row>,
): Promise<void> {
  const deleted = await context.db.transaction().execute(async (trx) => {
    const rows = await items.find(trx, ids);
    if (rows.length !== ids.length) throw new HttpError(404, items.notFound);
    await items.remove(trx, ids);
    await trackingService(context, trx).clearCounts(ids);
    const audit = auditTrail(context);
    await audit.record(
      trx,
      rows.map((row) => ({
        action: 'delete',
        kind: items.kind,
        itemId: row.id,
        label: items.labelOf(row),
        before: auditedFields(row),
      })),
    );
    return rows;
  });
  await removeStored(context.media, deleted.flatMap(items.mediaOf));
}
