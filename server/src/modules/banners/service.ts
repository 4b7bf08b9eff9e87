// Banner b1: a PNG image or an mp4 video with a name and an optional link, a click count from
// the tracking counters that the admin may correct. The list's running flag is the
// controller's banner switch.
import type {
  Banner,
  BannerEditInsert,
  BannerInsert,
  IdList,
  IdStatusChange,
  PageQuery,
} from '@dealdesk/core';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { newId } from '../../ids.js';
import { auditedFields, auditTrail } from '../audit/service.js';
import { createControllerService } from '../controller/service.js';
import { countsOf, keptAdjustment, shownClicks, type ItemCounts } from '../../items/counters.js';
import { deleteItems } from '../../items/deletes.js';
import { removeStored, withStoredSlots } from '../../adapters/media/stored-files.js';
import { replaceMedia, type MediaPair } from '../../items/media-pair.js';
import { bannersRepository, type BannerRow } from './repository.js';

export const bannerNotFound = 'Banner not found';

function toBanner(row: BannerRow, counts: ItemCounts): Banner {
  return {
    _id: row.id,
    name: row.name,
    url: row.url,
    image: row.image,
    video: row.video,
    status: row.status === 1,
    clickCount: shownClicks(counts, row.click_adjust),
    date_time: row.created_at,
  };
}

export function createBannersService(context: AppContext) {
  const { db, media, clock } = context;
  const repo = bannersRepository(db);
  const controller = createControllerService(context);
  const audit = auditTrail(context);

  const countsOne = async (id: string) => (await countsOf(context, [id]))(id);
  const found = (row: BannerRow | undefined): BannerRow => {
    if (row === undefined) throw new HttpError(404, bannerNotFound);
    return row;
  };

  return {
    /** A page of banners with the banner switch (bannerStatus). */
    list: async (query: PageQuery) => {
      const [rows, bannerStatus] = await Promise.all([repo.list(query), controller.isOn('banner')]);
      const counts = await countsOf(
        context,
        rows.map((row) => row.id),
      );
      return { data: rows.map((row) => toBanner(row, counts(row.id))), bannerStatus };
    },

    find: async (id: string) => toBanner(found(await repo.find(id)), await countsOne(id)),

    /** A new active banner with its image or its video. */
    add: async ({ name, url }: BannerInsert, files: MediaPair): Promise<Banner> => {
      const now = clock();
      return withStoredSlots(media, files, async (saved) => {
        const row: BannerRow = {
          id: newId(now),
          name,
          url,
          image: saved.image ?? '',
          video: saved.video ?? '',
          status: 1,
          click_adjust: 0,
          created_at: now.toISOString(),
        };
        await db.transaction().execute(async (trx) => {
          await bannersRepository(trx).insert(row);
          await audit.record(trx, {
            action: 'create',
            kind: 'banner',
            itemId: row.id,
            label: name,
            after: auditedFields(row),
          });
        });
        return toBanner(row, { views: 0, clicks: 0 });
      });
    },

    /**
     * Name, link and click count; a new image or video replaces the old file. The click count
     * changes only when the admin typed another number than the one shown.
     */
    edit: async (
      id: string,
      { name, url, clickCount }: BannerEditInsert,
      files: MediaPair,
    ): Promise<Banner> => {
      const current = found(await repo.find(id));
      const counts = await countsOne(id);
      const click_adjust = keptAdjustment(clickCount, counts.clicks, current.click_adjust);
      const { updated, unused } = await withStoredSlots(media, files, async (saved) => {
        const { next, unused } = replaceMedia(current, saved);
        const row = await db.transaction().execute(async (trx) => {
          const after = found(
            await bannersRepository(trx).update(id, { name, url, click_adjust, ...next }),
          );
          await audit.record(trx, {
            action: 'update',
            kind: 'banner',
            itemId: id,
            label: after.name,
            before: auditedFields(current),
            after: auditedFields(after),
          });
          return after;
        });
        return { updated: row, unused };
      });
      await removeStored(media, unused);
      return toBanner(updated, counts);
    },

    setStatus: async ({ id, status }: IdStatusChange): Promise<Banner> => {
      const row = await db.transaction().execute(async (trx) => {
        const repo = bannersRepository(trx);
        const before = found(await repo.find(id));
        const after = found(await repo.update(id, { status: status ? 1 : 0 }));
        await audit.record(trx, {
          action: 'status',
          kind: 'banner',
          itemId: id,
          label: after.name,
          before: { status: before.status === 1 },
          after: { status },
        });
        return after;
      });
      return toBanner(row, await countsOne(id));
    },

    /** All or none; their files and counters go with them. */
    remove: ({ id }: IdList) =>
      deleteItems(context, id, {
        notFound: bannerNotFound,
        kind: 'banner',
        find: (trx, ids) => bannersRepository(trx).findMany(ids),
        remove: (trx, ids) => bannersRepository(trx).deleteMany(ids),
        mediaOf: (row) => [row.image, row.video],
        labelOf: (row) => row.name,
      }),
  };
}
