import {
  inHouseMessages,
  limitReached,
  type RunningInHouseAd,
  type IdStatusChange,
  type InHouseAdCreate,
  type InHouseAdEdit,
  type PageQuery,
} from '@dealdesk/core';
import { removeStored, withStoredFiles } from '../../adapters/media/stored-files.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../adapters/storage/schema.js';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import type { CheckedFile } from '../../http/uploads.js';
import { newId } from '../../ids.js';
import { auditedFields, auditTrail } from '../audit/service.js';
import { createControllerService } from '../controller/service.js';
import { trackingService, type ViewClickCounts } from '../tracking/service.js';
import { inHouseRepository, type InHouseAdRow } from './repository.js';
import { pagesById } from '../../http/export-pages.js';

export const inHouseAnswers = {
  notFound: 'In House ad not found',
} as const;

/** The icon and the media file (the image or the video, as medType says) of a create. */
interface InHouseFiles {
  icon: CheckedFile;
  media: CheckedFile;
}

/** An edit may replace either, or neither. */
type ReplacedFiles = { [Slot in keyof InHouseFiles]: InHouseFiles[Slot] | undefined };

const flag = (value: boolean) => (value ? 1 : 0);

function toInHouseAd(row: InHouseAdRow, counts: ViewClickCounts): RunningInHouseAd {
  const limits = {
    maxviewLimit: row.maxviewLimit,
    maxviewStatus: row.maxviewStatus === 1,
    maxclickLimit: row.maxclickLimit,
    maxclickStatus: row.maxclickStatus === 1,
  };
  return {
    _id: row.id,
    ad_type: row.ad_type,
    mainTitle: row.mainTitle,
    subTitle: row.subTitle,
    description: row.description,
    medType: row.medType,
    medView: row.medView,
    icon: row.icon,
    callToAction: row.callToAction,
    btnName: row.btnName,
    status: row.status === 1,
    view: counts.views,
    clickCount: counts.clicks,
    ...limits,
    createdAt: row.created_at,
    running: row.status === 1 && !limitReached(limits, counts),
  };
}

/** The stored columns of the fields every create and edit sends (limits already normalised). */
const columnsOf = (ad: InHouseAdCreate | InHouseAdEdit) => ({
  ad_type: ad.ad_type,
  mainTitle: ad.mainTitle,
  subTitle: ad.subTitle,
  description: ad.description,
  medType: ad.medType,
  callToAction: ad.callToAction,
  btnName: ad.btnName,
  maxviewLimit: ad.maxviewLimit,
  maxviewStatus: flag(ad.maxviewStatus),
  maxclickLimit: ad.maxclickLimit,
  maxclickStatus: flag(ad.maxclickStatus),
});

/** In-house ads: texts, icon and media, limits, status; views and clicks from the counters. */
export function createInHouseService(context: AppContext) {
  const { db, media, clock } = context;
  const ads = inHouseRepository(db);
  const controller = createControllerService(context);
  const tracking = trackingService(context);
  const audit = auditTrail(context);

  const withCounts = async (rows: InHouseAdRow[]): Promise<RunningInHouseAd[]> => {
    const totals = await tracking.totalsOf(rows.map((row) => row.id));
    return rows.map((row) => toInHouseAd(row, totals.get(row.id) ?? { views: 0, clicks: 0 }));
  };

  const stored = async (id: string): Promise<InHouseAdRow> => {
    const row = await ads.find(id);
    if (row === undefined) throw new HttpError(404, inHouseAnswers.notFound);
    return row;
  };

  return {
    /** Which of the ids are in-house ads, with their titles (for analytics' clears). */
    existing: (ids: readonly string[], within: Kysely<Database> = db) =>
      inHouseRepository(within).existing(ids),

    /** Every ad's id and title, oldest first (analytics lists them all). */
    titles: () => ads.titles(),

    /** A page of the list (newest first), its page count and the controller's running flag. */
    async list({ page, limit, q }: PageQuery) {
      const [{ rows, total }, running] = await Promise.all([
        ads.page(q, page, limit),
        controller.isOn('inHouseAds'),
      ]);
      return {
        data: await withCounts(rows),
        totalPages: Math.max(1, Math.ceil(total / limit)),
        InHouseAdsStatus: running,
      };
    },

    /** Every ad the search finds, newest first, with its counts, as export rows (pagesById). */
    async *exported({ q }: { q: string }): AsyncGenerator<RunningInHouseAd> {
      for await (const rows of pagesById((after, limit) => ads.rowsAfter(q, after, limit)))
        yield* await withCounts(rows);
    },

    async get(id: string): Promise<RunningInHouseAd> {
      const [ad] = await withCounts([await stored(id)]);
      return ad as RunningInHouseAd;
    },

    /** A new ad starts active. */
    async create(ad: InHouseAdCreate, files: InHouseFiles): Promise<void> {
      const now = clock();
      await withStoredFiles(media, [files.icon, files.media], ([icon, medView]) =>
        db.transaction().execute(async (trx) => {
          const row = {
            id: newId(now),
            ...columnsOf(ad),
            icon,
            medView,
            status: 1,
            created_at: now.toISOString(),
            updated_at: now.toISOString(),
          };
          await inHouseRepository(trx).insert(row);
          await audit.record(trx, {
            action: 'create',
            kind: 'in-house-ad',
            itemId: row.id,
            label: row.mainTitle,
            after: auditedFields(row),
          });
        }),
      );
    },

    /** New files replace the old ones, which are removed once the row points at the new. */
    async edit(ad: InHouseAdEdit, files: ReplacedFiles): Promise<void> {
      const before = await stored(ad.id);
      // The stored media would no longer match its type.
      if (ad.medType !== before.medType && files.media === undefined) {
        throw new HttpError(400, inHouseMessages.missingFiles);
      }
      await withStoredFiles(media, [files.icon, files.media], ([icon, medView]) =>
        db.transaction().execute(async (trx) => {
          const repo = inHouseRepository(trx);
          const found = await repo.update(ad.id, {
            ...columnsOf(ad),
            status: flag(ad.status),
            ...(icon === undefined ? {} : { icon }),
            ...(medView === undefined ? {} : { medView }),
            updated_at: clock().toISOString(),
          });
          const after = await repo.find(ad.id);
          if (!found || after === undefined) throw new HttpError(404, inHouseAnswers.notFound);
          await audit.record(trx, {
            action: 'update',
            kind: 'in-house-ad',
            itemId: ad.id,
            label: after.mainTitle,
            before: auditedFields(before),
            after: auditedFields(after),
          });
        }),
      );
      await removeStored(media, [
        files.icon === undefined ? undefined : before.icon,
        files.media === undefined ? undefined : before.medView,
      ]);
    },

    async setStatus({ id, status }: IdStatusChange): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const repo = inHouseRepository(trx);
        const before = await repo.find(id);
        if (before === undefined) throw new HttpError(404, inHouseAnswers.notFound);
        await repo.update(id, { status: flag(status), updated_at: clock().toISOString() });
        await audit.record(trx, {
          action: 'status',
          kind: 'in-house-ad',
          itemId: id,
          label: before.mainTitle,
          before: { status: before.status === 1 },
          after: { status },
        });
      });
    },

    /** All or nothing: an unknown id refuses the whole delete. Counters and files go too. */
    async remove(ids: readonly string[]): Promise<void> {
      const removed = await db.transaction().execute(async (trx) => {
        const repo = inHouseRepository(trx);
        const rows = await repo.findMany(ids);
        if (rows.length !== ids.length) throw new HttpError(404, inHouseAnswers.notFound);
        await repo.removeMany(ids);
        await trackingService(context, trx).clearCounts(ids);
        await audit.record(
          trx,
          rows.map((row) => ({
            action: 'delete',
            kind: 'in-house-ad',
            itemId: row.id,
            label: row.mainTitle,
            before: auditedFields(row),
          })),
        );
        return rows;
      });
      await removeStored(
        media,
        removed.flatMap((row) => [row.icon, row.medView]),
      );
    },
  };
}
