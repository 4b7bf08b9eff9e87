/** Answers of the category and subcategory calls (success wording from the spec). */
export const categoryAnswers = {
  categories: 'Categories',
  categoryAdded: 'Category added',
  categoryUpdated: 'Category updated',
  categoryDeleted: 'Category deleted',
  subcategories: 'Subcategories',
  subcategoryAdded: 'Subcategory added',
  subcategoryUpdated: 'Subcategory updated',
  subcategoryDeleted: 'Subcategory deleted',
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
