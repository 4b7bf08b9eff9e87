// A scrape into a form the administrator has already edited: the page's values go where the
// form still holds what was there before (empty, or the last scrape), and every field edited
// by hand that the page would change is asked about instead of overwritten.
import { defaultSizes, type ScrapeResult } from '@dealdesk/core';
import type { ProductFormValues } from './product-form.js';

/** What a scrape fills: the form's fields and the image link rows. */
export interface ScrapeFill {
  fields: ProductFormValues;
  imageUrls: string[];
}

const fieldLabels = {
  title: 'Title',
  price: 'Price',
  og_price: 'Original price',
  rating: 'Rating',
  ratingsAndReviews: 'Ratings and reviews',
  deliveryInfo: 'Delivery info',
  specifications: 'Specifications',
  og_url: 'Original URL',
  availableSizes: 'Available sizes',
} as const;
type ScrapedField = keyof typeof fieldLabels;
/** A field a scrape writes, or the image link rows. */
export type ScrapedPart = ScrapedField | 'imageUrls';

export interface ScrapeChange {
  part: ScrapedPart;
  label: string;
  mine: string;
  page: string;
}

const scrapedFields = Object.keys(fieldLabels) as ScrapedField[];

/** The form as a scrape of `url` would leave it, before any hand edit is kept. */
export function scrapedFill(
  current: ScrapeFill,
  url: string,
  { productDetails, images }: ScrapeResult,
): ScrapeFill {
  return {
    fields: {
      ...current.fields,
      ...productDetails,
      og_url: url,
      availableSizes: [...defaultSizes],
    },
    imageUrls: [...images.map(({ url: image }) => image), ''],
  };
}

const partOf = (fill: ScrapeFill, part: ScrapedPart): unknown =>
  part === 'imageUrls' ? fill.imageUrls.filter((link) => link.trim() !== '') : fill.fields[part];

/** A value as the comparison shows it. */
function shown(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.join(', ');
  if (typeof value === 'object' && value !== null)
    return (
      Object.entries(value)
        .map(([name, detail]) => `${name}: ${typeof detail === 'string' ? detail : '…'}`)
        .join('; ') || '(none)'
    );
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  return text.trim() === '' ? '(empty)' : text;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The parts edited by hand since `filled` (what the form held after its last fill, or the empty
 * form) that the scrape would change.
 */
export function handEditsChanged(
  filled: ScrapeFill,
  current: ScrapeFill,
  incoming: ScrapeFill,
): ScrapeChange[] {
  const parts: ScrapedPart[] = [...scrapedFields, 'imageUrls'];
  return parts.flatMap((part) => {
    const mine = partOf(current, part);
    const page = partOf(incoming, part);
    if (same(mine, partOf(filled, part)) || same(mine, page)) return [];
    const label = part === 'imageUrls' ? 'Image URLs' : fieldLabels[part];
    return [{ part, label, mine: shown(mine), page: shown(page) }];
  });
}

/** The scrape's fill with the parts in `kept` as the administrator had them. */
export function keepingEdits(
  current: ScrapeFill,
  incoming: ScrapeFill,
  kept: ReadonlySet<ScrapedPart>,
): ScrapeFill {
  const fields = { ...incoming.fields };
  for (const part of scrapedFields) {
    if (kept.has(part)) Object.assign(fields, { [part]: current.fields[part] });
  }
  return { fields, imageUrls: kept.has('imageUrls') ? current.imageUrls : incoming.imageUrls };
}
