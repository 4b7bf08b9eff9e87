/** A product category; total_sub and total_products are kept by the writes that change them. */
export interface CategoriesTable {
  id: string;
  name: string;
  /** The name trimmed and lowercased (unique). */
  name_key: string;
  main_image: string;
  bg_image: string;
  total_sub: number;
  total_products: number;
  created_at: string;
  updated_at: string;
}

export interface SubcategoriesTable {
  id: string;
  category_id: string;
  name: string;
  /** The name trimmed and lowercased (unique within its category). */
  name_key: string;
  main_image: string;
  total_products: number;
  created_at: string;
  updated_at: string;
}

export interface CategoryTables {
  categories: CategoriesTable;
  subcategories: SubcategoriesTable;
}
