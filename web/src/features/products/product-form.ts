// What the add form and the detail edit hold, and how it becomes the productData the create
// and update calls send (validated by the core's schemas before it leaves).
import {
  type Product,
  type ProductDataInput,
  type ProductEvent,
  type Size,
  type Specifications,
} from '@dealdesk/core';
import type { FieldErrors } from '../../ui/form.js';

export interface ProductFormValues {
  title: string;
  /** Number inputs hold '' while empty. */
  price: number | string;
  og_price: number | string;
  rating: string;
  ratingsAndReviews: string;
  deliveryInfo: string;
  availableSizes: Size[];
  specifications: Specifications;
  og_url: string;
  btn_url: string;
  category: string;
  subcategory: string;
  /** '' until an event is chosen. */
  events: ProductEvent | '';
}

export const emptyProduct: ProductFormValues = {
  title: '',
  price: '',
  og_price: '',
  rating: '',
  ratingsAndReviews: '',
  deliveryInfo: '',
  availableSizes: [],
  specifications: {},
  og_url: '',
  btn_url: '',
  category: '',
  subcategory: '',
  // The spec's default event.
  events: 'None',
};

/** A stored product as the detail edit starts from it. */
export function formValuesOf(product: Product): ProductFormValues {
  return {
    title: product.title,
    price: product.price,
    og_price: product.og_price,
    rating: product.rating,
    ratingsAndReviews: product.ratingsAndReviews,
    deliveryInfo: product.deliveryInfo,
    availableSizes: product.availableSizes,
    specifications: product.specifications,
    og_url: product.og_url,
    btn_url: product.btn_url,
    category: product.category._id,
    subcategory: product.subcategory._id,
    events: product.events,
  };
}

/** productData as the schemas read it: category and subcategory go as ids. */
export function productDataOf(
  values: ProductFormValues,
  sizes: ProductFormValues['availableSizes'] | string = values.availableSizes,
): ProductDataInput {
  const { events, btn_url, ...details } = values;
  return {
    productDetails: { ...details, availableSizes: sizes },
    events,
    btn_url,
  };
}

/**
 * Errors of productData (and of the create call's image parts) under the form's field names:
 * productData.productDetails.price is `price`, imageUrls.2 is `imageUrls`.
 */
export function formErrorsOf(errors: FieldErrors): FieldErrors {
  const named: FieldErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    const parts = path
      .split('.')
      .filter((part) => !['productData', 'productDetails'].includes(part));
    const field = parts[0] ?? 'form';
    // A specification's name is the path's next part; its messages belong to the editor.
    named[field] ??= message;
  }
  return named;
}
