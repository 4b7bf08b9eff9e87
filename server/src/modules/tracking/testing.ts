// Items to track in tests: only ids of existing items are counted, so tests that count events
// need rows, made here straight in the database (thousands at once for the durability test).
import type { Kysely } from 'kysely';
import type { Database } from '../../adapters/storage/schema.js';
import { newId } from '../../ids.js';

/** The kinds made here: rows without files, enough to be counted. */
export type TestTrackedKind = 'story' | 'storyAd' | 'shortcut' | 'banner' | 'webAd';

const rowsPerInsert = 500;

function rowsOf(kind: TestTrackedKind, ids: readonly string[], created_at: string) {
  switch (kind) {
    case 'story':
    case 'storyAd':
      return {
        table: 'stories' as const,
        rows: ids.map((id) => ({
          id,
          ads_story: kind === 'storyAd' ? 1 : 0,
          ntv: 0,
          ntv_id: '',
          status: 1,
          image: '',
          video: '',
          thumbnail: '',
          story_time: 5,
          btn_name: '',
          btn_url: '',
          max_view_limit: 0,
          max_view_status: 0,
          max_click_limit: 0,
          max_click_status: 0,
          view_adjust: 0,
          click_adjust: 0,
          created_at,
        })),
      };
    case 'shortcut':
      return {
        table: 'shortcuts' as const,
        rows: ids.map((id, at) => ({
          id,
          s_no: at + 1,
          name: `Shortcut ${at + 1}`,
          url: 'https://shop.example.test',
          logo: '',
          status: 1,
          click_adjust: 0,
          created_at,
        })),
      };
    case 'banner':
      return {
        table: 'banners' as const,
        rows: ids.map((id, at) => ({
          id,
          name: `Banner ${at + 1}`,
          url: 'https://shop.example.test',
          image: '',
          video: '',
          status: 1,
          click_adjust: 0,
          created_at,
        })),
      };
    case 'webAd':
      return {
        table: 'ad_units' as const,
        rows: ids.map((id, at) => ({
          id,
          type: 'web' as const,
          a_name: `Web ad ${at + 1}`,
          a_id: `web-ad-${id}`,
          a_description: '',
          created_at,
          updated_at: created_at,
        })),
      };
  }
}

/** Makes items of the kind under these ids. */
export async function insertTrackable(
  db: Kysely<Database>,
  kind: TestTrackedKind,
  ids: readonly string[],
): Promise<void> {
  const created_at = new Date(0).toISOString();
  for (let at = 0; at < ids.length; at += rowsPerInsert) {
    const { table, rows } = rowsOf(kind, ids.slice(at, at + rowsPerInsert), created_at);
    await db
      .insertInto(table)
      .values(rows as never)
      .execute();
  }
}

/** Makes `count` items of the kind and answers their ids. */
export async function trackableItems(
  db: Kysely<Database>,
  kind: TestTrackedKind,
  count = 1,
): Promise<string[]> {
  const ids = Array.from({ length: count }, () => newId());
  await insertTrackable(db, kind, ids);
  return ids;
}

/** One item of the kind. */
export const trackableItem = async (db: Kysely<Database>, kind: TestTrackedKind) =>
  (await trackableItems(db, kind))[0] ?? '';
