// What each part of the demo answers to seedDemo: how many items it added to each of its
// sections, and the items whose views and clicks are then simulated.
import type { Tracked } from './simulate.js';

export interface Seeded<Counts> {
  counts: Counts;
  tracked: Tracked[];
}

/** Enough of a list to tell whether its section already holds items. */
export const firstPage = { page: 1, limit: 1, q: '' };
