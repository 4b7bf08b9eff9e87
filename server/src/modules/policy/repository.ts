import type { Kysely } from 'kysely';
import type { Database } from '../../adapters/storage/schema.js';
import type { PolicyKind } from './tables.js';

export function policyRepository(db: Kysely<Database>) {
  return {
    find: (kind: PolicyKind) =>
      db
        .selectFrom('policy_texts')
        .select(['title', 'description'])
        .where('kind', '=', kind)
        .executeTakeFirst(),

    save: async (kind: PolicyKind, text: { title: string; description: string }, now: string) => {
      await db
        .insertInto('policy_texts')
        .values({ kind, ...text, updated_at: now })
        .onConflict((conflict) => conflict.column('kind').doUpdateSet({ ...text, updated_at: now }))
        .execute();
    },
  };
}
