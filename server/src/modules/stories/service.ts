// Story videos or images and story ads (video, image or native NTV). Both live in one table;
// the calls of each kind see only their own, and the one edit call serves both. A story is
// running while it is active and its View or Click limit is not reached.
import {
  limitReached,
  thumbnailMessage,
  type IdList,
  type PageQuery,
  type StatusChange,
  type StoryAd,
  type StoryEdit,
  type StoryInsert,
  type StoryVideo,
  type ViewClickLimits,
} from '@dealdesk/core';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { newId } from '../../ids.js';
import { auditedFields, auditTrail } from '../audit/service.js';
import { createControllerService } from '../controller/service.js';
import { countsOf, keptAdjustment, shownCount, type ItemCounts } from '../../items/counters.js';
import { deleteItems } from '../../items/deletes.js';
import {
  removeStored,
  withStoredSlots,
  type MediaFile,
} from '../../adapters/media/stored-files.js';
import { replaceMedia, type MediaPair } from '../../items/media-pair.js';
import { storiesRepository, type StoryRow } from './repository.js';

/** A story's files: an image or a video, and with a video its thumbnail. */
export type StoryFiles = MediaPair & { thembnal?: MediaFile | undefined };

/**
 * The thumbnail after an edit: a new video brings its own (or none), a new image none, and
 * without a new file a thumbnail sent alone replaces the story video's. Answers the path no
 * longer used.
 */
function nextThumbnail(
  current: StoryRow,
  saved: { image?: string; video?: string; thembnal?: string },
): { thumbnail: string; unused: string[] } {
  if (saved.image !== undefined || saved.video !== undefined)
    return { thumbnail: saved.thembnal ?? '', unused: [current.thumbnail] };
  if (saved.thembnal === undefined) return { thumbnail: current.thumbnail, unused: [] };
  if (current.video === '') throw new HttpError(400, thumbnailMessage, 'thembnal');
  return { thumbnail: saved.thembnal, unused: [current.thumbnail] };
}

/** The two kinds, named as the tracking counters name them. */
export type StoryKind = 'story' | 'storyAd';

export const storyRuleMessages = {
  storyNotFound: 'Story not found',
  storyAdNotFound: 'Story ad not found',
  notAStory: 'insertData.adsStory must be false for a story video or image',
  notAnAd: 'insertData.adsStory must be true for a story ad',
  nativeType: 'A native ad story cannot change type, and a story ad cannot become one',
} as const;

const kinds = {
  story: { adsStory: false, notFound: storyRuleMessages.storyNotFound, audited: 'story' },
  storyAd: { adsStory: true, notFound: storyRuleMessages.storyAdNotFound, audited: 'story-ad' },
} as const;

/** Stories have no name: the audit log keeps their button's text. */
const labelOf = (row: StoryRow) => row.btn_name;

/** A listed story: the stored fields, its counters, and whether it is served now. */
export type RunningStory = (StoryVideo | StoryAd) & { running: boolean };
/** What a kind's reads answer: story ads carry their ad fields. */
type RunningOf<Kind extends StoryKind> = (Kind extends 'storyAd' ? StoryAd : StoryVideo) & {
  running: boolean;
};

function limitsOf(row: StoryRow): ViewClickLimits {
  return {
    maxviewLimit: row.max_view_limit,
    maxviewStatus: row.max_view_status === 1,
    maxclickLimit: row.max_click_limit,
    maxclickStatus: row.max_click_status === 1,
  };
}

function present(row: StoryRow, tracked: ItemCounts): RunningStory {
  const limits = limitsOf(row);
  // Limits are judged on the counts the admin sees (an edited count included).
  const counts = {
    views: shownCount(tracked.views, row.view_adjust),
    clicks: shownCount(tracked.clicks, row.click_adjust),
  };
  const story: StoryVideo & { running: boolean } = {
    _id: row.id,
    status: row.status === 1,
    view: counts.views,
    clickBtnCount: counts.clicks,
    // An image story is its own thumbnail; a video's is the frame the browser took, if any.
    thembnal: row.video === '' ? row.image : row.thumbnail,
    image: row.image,
    video: row.video,
    date_time: row.created_at,
    storyTime: row.story_time,
    adsStory: row.ads_story === 1,
    btnName: row.btn_name,
    btnUrl: row.btn_url,
    ...limits,
    running: row.status === 1 && !limitReached(limits, counts),
  };
  if (row.ads_story !== 1) return story;
  // web_Url is set by no form: it carries the ad's button link.
  return { ...story, web_Url: row.btn_url, NTV: row.ntv === 1, NTV_ID: row.ntv_id };
}

type StoryColumns = Pick<
  StoryRow,
  | 'ntv'
  | 'ntv_id'
  | 'story_time'
  | 'btn_name'
  | 'btn_url'
  | 'max_view_limit'
  | 'max_view_status'
  | 'max_click_limit'
  | 'max_click_status'
>;

/** The columns insertData sets, on add and on edit. */
function storyColumns(story: StoryInsert): StoryColumns {
  return {
    ntv: story.NTV ? 1 : 0,
    ntv_id: story.NTV_ID,
    story_time: story.storyTime,
    btn_name: story.btnName,
    btn_url: story.btnUrl,
    max_view_limit: story.maxviewLimit,
    max_view_status: story.maxviewStatus ? 1 : 0,
    max_click_limit: story.maxclickLimit,
    max_click_status: story.maxclickStatus ? 1 : 0,
  };
}

/** insertData must say the kind of the call (adding) or of the stored story (editing). */
function checkKind(kind: StoryKind, adsStory: boolean): void {
  if (adsStory === kinds[kind].adsStory) return;
  throw new HttpError(400, adsStory ? storyRuleMessages.notAStory : storyRuleMessages.notAnAd);
}

export function createStoriesService(context: AppContext) {
  const { db, media, clock } = context;
  const repo = storiesRepository(db);
  const controller = createControllerService(context);
  const audit = auditTrail(context);

  const presentAll = async (rows: StoryRow[]) => {
    const counts = await countsOf(
      context,
      rows.map((row) => row.id),
    );
    return rows.map((row) => present(row, counts(row.id)));
  };
  const presentOne = async (row: StoryRow) => (await presentAll([row]))[0] as RunningStory;
  /** The adjustments that show the views and clicks an edit sends (those it leaves out stay). */
  const countAdjustments = async (current: StoryRow, { view, clickBtnCount }: StoryEdit) => {
    const tracked = (await countsOf(context, [current.id]))(current.id);
    return {
      view_adjust:
        view === undefined
          ? current.view_adjust
          : keptAdjustment(view, tracked.views, current.view_adjust),
      click_adjust:
        clickBtnCount === undefined
          ? current.click_adjust
          : keptAdjustment(clickBtnCount, tracked.clicks, current.click_adjust),
    };
  };
  const found = (kind: StoryKind, row: StoryRow | undefined): StoryRow => {
    if (row === undefined) throw new HttpError(404, kinds[kind].notFound);
    return row;
  };

  return {
    // present() gives a story ad its ad fields (rows of a kind share its ads_story flag).
    list: async <Kind extends StoryKind>(kind: Kind, query: PageQuery) =>
      (await presentAll(await repo.list(kinds[kind].adsStory, query))) as RunningOf<Kind>[],

    /** The list's running flag (firstStoryVideo): the controller's storyVideo switch. */
    storiesRunning: () => controller.isOn('storyVideo'),

    find: async <Kind extends StoryKind>(kind: Kind, id: string) =>
      (await presentOne(found(kind, await repo.find(kinds[kind].adsStory, id)))) as RunningOf<Kind>,

    /** A new active story; a native ad story has no file, every other story one. */
    add: async (kind: StoryKind, story: StoryInsert, files: StoryFiles) => {
      checkKind(kind, story.adsStory);
      const now = clock();
      const row = await withStoredSlots(media, files, async (saved) => {
        const stored: StoryRow = {
          id: newId(now),
          ads_story: story.adsStory ? 1 : 0,
          status: 1,
          image: saved.image ?? '',
          video: saved.video ?? '',
          // The schema lets a thumbnail come only with a video.
          thumbnail: saved.thembnal ?? '',
          created_at: now.toISOString(),
          view_adjust: 0,
          click_adjust: 0,
          ...storyColumns(story),
        };
        await db.transaction().execute(async (trx) => {
          await storiesRepository(trx).insert(stored);
          await audit.record(trx, {
            action: 'create',
            kind: kinds[kind].audited,
            itemId: stored.id,
            label: labelOf(stored),
            after: auditedFields(stored),
          });
        });
        return stored;
      });
      return present(row, { views: 0, clicks: 0 });
    },

    /**
     * Either kind, by its id. The kind and the native type stay as they are; a new file
     * replaces the old one. A story ad's views and clicks take the numbers sent (the spec's
     * edit form has them); a story video's are read-only, so counts sent for one are ignored.
     */
    edit: async (id: string, story: StoryEdit, files: StoryFiles) => {
      const current = found('story', await repo.findAny(id));
      const kind: StoryKind = current.ads_story === 1 ? 'storyAd' : 'story';
      checkKind(kind, story.adsStory);
      if (story.NTV !== (current.ntv === 1)) throw new HttpError(400, storyRuleMessages.nativeType);
      const adjustments = kind === 'storyAd' ? await countAdjustments(current, story) : {};
      const { updated, unused } = await withStoredSlots(media, files, async (saved) => {
        const replaced = replaceMedia(current, saved);
        const { thumbnail, unused } = nextThumbnail(current, saved);
        const change = {
          ...storyColumns(story),
          ...replaced.next,
          thumbnail,
          ...adjustments,
          status: story.status ? 1 : 0,
        };
        const row = await db.transaction().execute(async (trx) => {
          const after = found(
            kind,
            await storiesRepository(trx).update(kinds[kind].adsStory, id, change),
          );
          await audit.record(trx, {
            action: 'update',
            kind: kinds[kind].audited,
            itemId: id,
            label: labelOf(after),
            before: auditedFields(current),
            after: auditedFields(after),
          });
          return after;
        });
        return { updated: row, unused: [...replaced.unused, ...unused] };
      });
      await removeStored(media, unused);
      return presentOne(updated);
    },

    setStatus: async (kind: StoryKind, { _id, status }: StatusChange) =>
      presentOne(
        await db.transaction().execute(async (trx) => {
          const stories = storiesRepository(trx);
          const before = found(kind, await stories.find(kinds[kind].adsStory, _id));
          const after = found(
            kind,
            await stories.update(kinds[kind].adsStory, _id, { status: status ? 1 : 0 }),
          );
          await audit.record(trx, {
            action: 'status',
            kind: kinds[kind].audited,
            itemId: _id,
            label: labelOf(after),
            before: { status: before.status === 1 },
            after: { status },
          });
          return after;
        }),
      ),

    /** All or none; their files and counters go with them. */
    remove: (kind: StoryKind, { id }: IdList) =>
      deleteItems(context, id, {
        notFound: kinds[kind].notFound,
        kind: kinds[kind].audited,
        labelOf,
        find: (trx, ids) => storiesRepository(trx).findMany(kinds[kind].adsStory, ids),
        remove: (trx, ids) => storiesRepository(trx).deleteMany(ids),
        mediaOf: (row) => [row.image, row.video, row.thumbnail],
      }),
  };
}
