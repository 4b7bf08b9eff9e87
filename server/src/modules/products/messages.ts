/** Refusals of the product calls (success messages are declared in core). */
export const productRefusals = {
  notFound: 'Product not found',
  someNotFound: (missing: number) =>
    `${missing} of the selected products no longer exist; nothing was changed`,
  /**
   * A bulk import refused: the first few rows refused by their position in the call (from 1),
   * then how many more.
   */
  rowsRefused: (refused: readonly { row: number; message: string }[]) => {
    const named = refused
      .slice(0, bulkRowsNamed)
      .map(({ row, message }) => `Row ${row}: ${message}`);
    const more = refused.length - named.length;
    const rest = more === 0 ? '' : `; and ${more} more ${more === 1 ? 'row' : 'rows'}`;
    return `${named.join('; ')}${rest}. Nothing was imported`;
  },
} as const;

/** Refused rows a bulk import's refusal names. */
export const bulkRowsNamed = 3;
