import type { Kysely } from 'kysely';

// A note of each media file stored before the rows that point at it are written, kept until
// they are: a process killed in between leaves the note, and the next start of the instance
// settles it (adapters/media/pending.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('media_pending')
    .addColumn('name', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('owner', 'varchar(128)', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('media_pending_owner').on('media_pending').column('owner').execute();
}
