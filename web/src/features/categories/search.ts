import type { Category, Subcategory } from '@dealdesk/core';

const includes = (text: string, wanted: string) => text.toLowerCase().includes(wanted);

/** Categories by name (spec section 5). */
export function matchingCategories(categories: readonly Category[], search: string): Category[] {
  const wanted = search.trim().toLowerCase();
  return categories.filter((category) => includes(category.name, wanted));
}

/** Subcategories by their name or their category's name (spec section 5). */
export function matchingSubcategories(
  subcategories: readonly Subcategory[],
  search: string,
): Subcategory[] {
  const wanted = search.trim().toLowerCase();
  return subcategories.filter(
    (subcategory) =>
      includes(subcategory.name, wanted) || includes(subcategory.category.name, wanted),
  );
}
