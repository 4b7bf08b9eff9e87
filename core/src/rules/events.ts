import { productEvents, type ProductEvent } from '../entities/catalogue.js';

/** The event screen's wording of 'New Launch'. */
export const nowLaunchLabel = 'Now Launch';

/**
 * The stored event for a value from a form, a filter or the API: both 'New Launch' and the
 * event screen's 'Now Launch' are stored as 'New Launch'; nothing chosen is 'None'; anything
 * else is not an event (null). Matching ignores case and surrounding spaces.
 */
export function normaliseEvent(value: string | null | undefined): ProductEvent | null {
  const wanted = (value ?? '').trim().toLowerCase();
  if (wanted === '') return 'None';
  if (wanted === nowLaunchLabel.toLowerCase()) return 'New Launch';
  return productEvents.find((event) => event.toLowerCase() === wanted) ?? null;
}

/** How the event screen and its filter name an event. */
export function eventScreenLabel(event: ProductEvent): string {
  return event === 'New Launch' ? nowLaunchLabel : event;
}
