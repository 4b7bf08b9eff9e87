import type { Kysely } from 'kysely';
import { createChangeCounter } from '../change-counters.js';

// The content API (modules/app) builds each answer once per version of what it shows: the
// content counter is raised by every write to the tables it reads (categories too, whose
// product counts move with the catalogue). The catalogue's and the totals' own counters
// (0010, 0011) cover the product answers and the View and Click limits.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createChangeCounter(db, 'content', [
    'shortcuts',
    'stories',
    'banners',
    'controller_settings',
    'ad_units',
    'inhouse_ads',
    'policy_texts',
    'categories',
    'subcategories',
  ]);
}
