// Storage of story videos or images and story ads (one table, told apart by ads_story).
// Portable kysely only (see adapters/storage/dialect.ts).
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../adapters/storage/schema.js';
import type { StoriesTable } from './tables.js';

export type StoryRow = Selectable<StoriesTable>;
export type StoryChange = Omit<Updateable<StoriesTable>, 'id' | 'ads_story'>;

const flag = (on: boolean) => (on ? 1 : 0);

export function storiesRepository(db: Kysely<Database>) {
  const ofKind = (adsStory: boolean) =>
    db.selectFrom('stories').selectAll().where('ads_story', '=', flag(adsStory));

  return {
    /** A page of one kind, newest first. */
    list: (adsStory: boolean, { page, limit }: { page: number; limit: number }) =>
      ofKind(adsStory)
        .orderBy('id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),

    find: (adsStory: boolean, id: string) =>
      ofKind(adsStory).where('id', '=', id).executeTakeFirst(),

    /** Either kind: the edit call serves both. */
    findAny: (id: string) =>
      db.selectFrom('stories').selectAll().where('id', '=', id).executeTakeFirst(),

    findMany: (adsStory: boolean, ids: readonly string[]) =>
      ofKind(adsStory).where('id', 'in', ids).execute(),

    insert: (row: StoryRow) => db.insertInto('stories').values(row).execute(),

    /** Answers the row after the change, or undefined when no story of that kind has the id. */
    update: (adsStory: boolean, id: string, change: StoryChange) =>
      db
        .updateTable('stories')
        .set(change)
        .where('id', '=', id)
        .where('ads_story', '=', flag(adsStory))
        .returningAll()
        .executeTakeFirst(),

    deleteMany: (ids: readonly string[]) =>
      db.deleteFrom('stories').where('id', 'in', ids).execute(),
  };
}
