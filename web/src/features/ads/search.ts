import type { AdUnit } from '@dealdesk/core';

/** Ads matching a search: by name, ad id (URL) or description, ignoring case (spec). */
export function matchingAds<Ad extends AdUnit>(ads: readonly Ad[], search: string): Ad[] {
  const wanted = search.trim().toLowerCase();
  if (wanted === '') return [...ads];
  return ads.filter((ad) =>
    [ad.a_name, ad.a_id, ad.a_description].some((field) => field.toLowerCase().includes(wanted)),
  );
}
