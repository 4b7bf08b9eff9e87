/** Refusals of the product calls (success messages are declared in core). */
export const productRefusals = {
  notFound: 'Product not found',
  someNotFound: (missing: number) =>
    `${missing} of the selected products no longer exist; nothing was changed`,
} as const;
