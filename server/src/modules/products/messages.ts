/** Answers of the product calls (success wording from the spec). */
export const productAnswers = {
  added: 'Product added successfully',
  updated: 'Product updated successfully',
  eventsUpdated: 'Events updated successfully',
  scraped: 'Data scraped successfully',
  list: 'Products',
  found: 'Product details',
  deleted: (count: number) =>
    count === 1 ? 'Product deleted successfully' : `${count} products deleted successfully`,
  notFound: 'Product not found',
  someNotFound: (missing: number) =>
    `${missing} of the selected products no longer exist; nothing was changed`,
} as const;
