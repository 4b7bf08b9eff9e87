// An import's update (onExisting 'update'): a row changes only the fields it gives. The product
// it meets (stored, or made or changed by an earlier row of the call) is read as a whole row, the
// given fields laid over it, and the result checked as a whole row; a row meeting no product
// must be whole itself. The rows then go on as whole rows replacing their products (bulk.ts).
import {
  bulkRefusal,
  productRowSchema,
  rowIssueText,
  type ProductPatchRow,
  type ProductRow,
} from '@dealdesk/core';
import { HttpError } from '../../http/errors.js';
import type { productsRepository } from './repository.js';
import { rowOf } from './rows.js';

export async function wholeRows(
  repo: ReturnType<typeof productsRepository>,
  patches: readonly ProductPatchRow[],
): Promise<ProductRow[]> {
  const found = await repo.withOgUrls([...new Set(patches.map((patch) => patch.og_url))]);
  // The oldest product of an og_url is the one a row meets, as in bulk.ts.
  const met = new Map<string, string>();
  for (const product of found.sort((a, b) => (a.id < b.id ? -1 : 1)))
    if (!met.has(product.og_url)) met.set(product.og_url, product.id);
  const stored = met.size === 0 ? [] : await repo.stored([...met.values()]);
  const current = new Map<string, object>(
    stored.map((product) => [product.og_url, rowOf(product)]),
  );
  const refused: { row: number; message: string }[] = [];
  const rows: ProductRow[] = [];
  patches.forEach((patch, index) => {
    const merged = { ...current.get(patch.og_url), ...patch };
    const parsed = productRowSchema.safeParse(merged);
    if (!parsed.success) {
      refused.push({ row: index + 1, message: rowIssueText(parsed.error.issues) });
      return;
    }
    current.set(patch.og_url, merged);
    rows.push(parsed.data);
  });
  if (refused.length > 0) throw new HttpError(400, bulkRefusal(refused));
  return rows;
}
