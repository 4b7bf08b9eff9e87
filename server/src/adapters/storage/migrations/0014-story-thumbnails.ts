import type { Kysely } from 'kysely';

// A video story's thumbnail: a frame the browser takes when the video is chosen, uploaded with
// it (the spec's thembnal field, empty until now).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('stories')
    .addColumn('thumbnail', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
}
