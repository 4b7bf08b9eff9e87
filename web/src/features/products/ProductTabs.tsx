import { paths } from '../../app/paths.js';
import { SectionTabs } from '../../ui/SectionTabs.js';

const productTabs = [
  { to: paths.product, label: 'Product' },
  { to: paths.categories, label: 'Category' },
  { to: paths.products, label: 'Show' },
  { to: paths.productEvents, label: 'Event' },
] as const;

/** The product section: add, categories, the product list and products by event. */
export function ProductTabs() {
  return (
    <SectionTabs
      title="Product"
      description="The catalogue: products, their categories and their events."
      tabs={productTabs}
    />
  );
}
