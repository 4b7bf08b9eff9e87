// Shortcut stories (story brands): ordered by s_no, a GIF or PNG logo, a click count from the
// tracking counters that the admin may correct. The list's running flag is the controller's
// storyBrand switch.
import type {
  IdList,
  PageQuery,
  ShortcutAdd,
  ShortcutEdit,
  ShortcutStory,
  StatusChange,
} from '@dealdesk/core';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { newId } from '../../ids.js';
import { auditedFields, auditTrail } from '../audit/service.js';
import { createControllerService } from '../controller/service.js';
import { countsOf, keptAdjustment, shownClicks, type ItemCounts } from '../../items/counters.js';
import { deleteItems } from '../../items/deletes.js';
import {
  removeStored,
  withStoredSlots,
  type MediaFile,
} from '../../adapters/media/stored-files.js';
import { shortcutsRepository, type ShortcutRow } from './repository.js';

export const shortcutNotFound = 'Shortcut not found';

/** What the add and edit calls take beside the logo file. */
export type ShortcutFields = Omit<ShortcutAdd, 'image'>;
export type ShortcutChange = Omit<ShortcutEdit, 'image'>;

function toShortcut(row: ShortcutRow, counts: ItemCounts): ShortcutStory {
  return {
    _id: row.id,
    s_no: row.s_no,
    name: row.name,
    url: row.url,
    logo: row.logo,
    status: row.status === 1,
    clickCount: shownClicks(counts, row.click_adjust),
    createdAt: row.created_at,
  };
}

export function createShortcutsService(context: AppContext) {
  const { db, media, clock } = context;
  const repo = shortcutsRepository(db);
  const controller = createControllerService(context);
  const audit = auditTrail(context);

  const countsOne = async (id: string) => (await countsOf(context, [id]))(id);
  const found = (row: ShortcutRow | undefined): ShortcutRow => {
    if (row === undefined) throw new HttpError(404, shortcutNotFound);
    return row;
  };

  return {
    /** A page of shortcuts with the next order number and the storyBrand switch. */
    list: async (query: PageQuery) => {
      const [rows, next_s_no, secondStoryBrand] = await Promise.all([
        repo.list(query),
        repo.nextNumber(),
        controller.isOn('storyBrand'),
      ]);
      const counts = await countsOf(
        context,
        rows.map((row) => row.id),
      );
      return {
        data: rows.map((row) => toShortcut(row, counts(row.id))),
        next_s_no,
        secondStoryBrand,
      };
    },

    /** A new active shortcut; without s_no it is numbered after the last one. */
    add: async ({ name, url, s_no }: ShortcutFields, logo: MediaFile): Promise<ShortcutStory> => {
      const now = clock();
      const row: ShortcutRow = {
        id: newId(now),
        s_no: s_no ?? (await repo.nextNumber()),
        name,
        url,
        logo: '',
        status: 1,
        click_adjust: 0,
        created_at: now.toISOString(),
      };
      return withStoredSlots(media, { image: logo }, async (saved) => {
        const stored = { ...row, logo: saved.image ?? '' };
        await db.transaction().execute(async (trx) => {
          await shortcutsRepository(trx).insert(stored);
          await audit.record(trx, {
            action: 'create',
            kind: 'shortcut',
            itemId: stored.id,
            label: name,
            after: auditedFields(stored),
          });
        });
        return toShortcut(stored, { views: 0, clicks: 0 });
      });
    },

    /**
     * Name, link, order number and click count; a new logo replaces the old file. The click
     * count changes only when the admin typed another number than the one shown.
     */
    edit: async (
      { _id, name, url, s_no, clickCount }: ShortcutChange,
      logo?: MediaFile,
    ): Promise<ShortcutStory> => {
      const current = found(await repo.find(_id));
      const counts = await countsOne(_id);
      const click_adjust = keptAdjustment(clickCount, counts.clicks, current.click_adjust);
      const updated = await withStoredSlots(media, { image: logo }, (saved) =>
        db.transaction().execute(async (trx) => {
          const after = found(
            await shortcutsRepository(trx).update(_id, {
              name,
              url,
              s_no,
              click_adjust,
              ...(saved.image === undefined ? {} : { logo: saved.image }),
            }),
          );
          await audit.record(trx, {
            action: 'update',
            kind: 'shortcut',
            itemId: _id,
            label: after.name,
            before: auditedFields(current),
            after: auditedFields(after),
          });
          return after;
        }),
      );
      if (updated.logo !== current.logo) await removeStored(media, [current.logo]);
      return toShortcut(updated, counts);
    },

    setStatus: async ({ _id, status }: StatusChange): Promise<ShortcutStory> => {
      const updated = await db.transaction().execute(async (trx) => {
        const repo = shortcutsRepository(trx);
        const before = found(await repo.find(_id));
        const after = found(await repo.update(_id, { status: status ? 1 : 0 }));
        await audit.record(trx, {
          action: 'status',
          kind: 'shortcut',
          itemId: _id,
          label: after.name,
          before: { status: before.status === 1 },
          after: { status },
        });
        return after;
      });
      return toShortcut(updated, await countsOne(_id));
    },

    /** All or none; their logos and counters go with them. */
    remove: ({ id }: IdList) =>
      deleteItems(context, id, {
        notFound: shortcutNotFound,
        kind: 'shortcut',
        find: (trx, ids) => shortcutsRepository(trx).findMany(ids),
        remove: (trx, ids) => shortcutsRepository(trx).deleteMany(ids),
        mediaOf: (row) => [row.logo],
        labelOf: (row) => row.name,
      }),
  };
}
