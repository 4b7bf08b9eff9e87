/** Refusals of the category and subcategory calls (success messages are declared in core). */
export const categoryRefusals = {
  categoryNotFound: 'Category not found',
  subcategoryNotFound: 'Subcategory not found',
  categoryNameTaken: 'A category with this name already exists',
  subcategoryNameTaken: 'This category already has a subcategory with this name',
  subcategoryOutsideCategory: 'The subcategory does not belong to the selected category',
  categoryHasProducts: (count: number) =>
    `This category still has ${count} ${count === 1 ? 'product' : 'products'}: move or delete them first`,
  subcategoryHasProducts: (count: number) =>
    `This subcategory still has ${count} ${count === 1 ? 'product' : 'products'}: move or delete them first`,
} as const;
