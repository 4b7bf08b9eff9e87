// Which tracked ids name an item of their kind. Only those are counted: the API key is public
// (the web app serves it), so counting any well-formed id would let anyone fill the counters,
// the totals memory and the disk with ids of nothing. Answers are kept in memory per kind
// until the content or the catalogue changes, so the app's steady traffic (the same stories,
// banners and products again and again) costs no query; an id not seen before costs one
// query per kind in the request, whatever the number of its events.
import type { TrackedKind } from '@dealdesk/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../adapters/storage/schema.js';
import type { AppContext } from '../../context.js';

type Db = Kysely<Database>;

/** The ids among `ids` of rows of each kind (stories and story ads share a table). */
const lookups: Record<TrackedKind, (db: Db, ids: readonly string[]) => Promise<{ id: string }[]>> =
  {
    story: (db, ids) =>
      db
        .selectFrom('stories')
        .select('id')
        .where('ads_story', '=', 0)
        .where('id', 'in', ids)
        .execute(),
    storyAd: (db, ids) =>
      db
        .selectFrom('stories')
        .select('id')
        .where('ads_story', '=', 1)
        .where('id', 'in', ids)
        .execute(),
    shortcut: (db, ids) => db.selectFrom('shortcuts').select('id').where('id', 'in', ids).execute(),
    banner: (db, ids) => db.selectFrom('banners').select('id').where('id', 'in', ids).execute(),
    webAd: (db, ids) =>
      db
        .selectFrom('ad_units')
        .select('id')
        .where('type', '=', 'web')
        .where('id', 'in', ids)
        .execute(),
    inHouseAd: (db, ids) =>
      db.selectFrom('inhouse_ads').select('id').where('id', 'in', ids).execute(),
    product: (db, ids) => db.selectFrom('products').select('id').where('id', 'in', ids).execute(),
  };

/** Which change counter moves when items of the kind are added or deleted. */
const counterOf = (kind: TrackedKind) => (kind === 'product' ? 'catalogue' : 'content');

/** Answers remembered per kind; past this the memory starts again (ids of nothing, sent on purpose). */
const rememberedLimit = 100_000;

/** Ids asked per query: well under both dialects' bound-parameter limits. */
const idsPerQuery = 1_000;

export function knownItems({ db, changes }: Pick<AppContext, 'db' | 'changes'>) {
  const remembered = new Map<TrackedKind, { version: number; known: Map<string, boolean> }>();

  /** The kind's remembered answers, forgotten when its counter has moved since. */
  const memoryOf = (kind: TrackedKind) => {
    const version = changes.peek()?.[counterOf(kind)] ?? -1;
    let memory = remembered.get(kind);
    if (memory === undefined || memory.version !== version || memory.known.size > rememberedLimit) {
      memory = { version, known: new Map() };
      remembered.set(kind, memory);
    }
    return memory.known;
  };

  return {
    /** Whether each id names an item of its kind, asking the database only for ids not seen. */
    async filter<Event extends { kind: TrackedKind; id: string }>(
      events: readonly Event[],
    ): Promise<{ known: Event[]; unknown: Event[] }> {
      // This request's answers by kind and id, whatever the memory forgets meanwhile.
      const answers = new Map<string, boolean>();
      const asked = new Map<TrackedKind, Set<string>>();
      for (const { kind, id } of events) {
        const key = `${kind}:${id}`;
        if (answers.has(key)) continue;
        const remembered = memoryOf(kind).get(id);
        if (remembered !== undefined) {
          answers.set(key, remembered);
          continue;
        }
        const ids = asked.get(kind) ?? new Set();
        ids.add(id);
        asked.set(kind, ids);
      }
      await Promise.all(
        [...asked].map(async ([kind, ids]) => {
          const all = [...ids];
          const found = new Set<string>();
          for (let at = 0; at < all.length; at += idsPerQuery) {
            for (const row of await lookups[kind](db, all.slice(at, at + idsPerQuery)))
              found.add(row.id);
          }
          const known = memoryOf(kind);
          for (const id of all) {
            answers.set(`${kind}:${id}`, found.has(id));
            known.set(id, found.has(id));
          }
        }),
      );
      const isKnown = ({ kind, id }: Event) => answers.get(`${kind}:${id}`) === true;
      return {
        known: events.filter(isKnown),
        unknown: events.filter((event) => !isKnown(event)),
      };
    },
  };
}
