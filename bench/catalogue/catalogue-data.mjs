// A synthetic catalogue: categories with subcategories, and products whose titles and
// specifications are drawn from small vocabularies, so that one search word matches a few
// percent of the catalogue (as 'cotton' or 'shirt' would in a real one).
import { productEvents } from '@dealdesk/core';

const brands = [
  'Roadster',
  'Highlander',
  'Puma',
  'Nike',
  'Levis',
  'Allen',
  'Peter',
  'Van',
  'Wrogn',
  'Hrx',
  'Boat',
  'Noise',
  'Realme',
  'Redmi',
  'Samsung',
  'Apple',
  'Oneplus',
  'Prestige',
  'Milton',
  'Cello',
];
const adjectives = [
  'slim',
  'classic',
  'printed',
  'solid',
  'striped',
  'casual',
  'formal',
  'sporty',
  'vintage',
  'compact',
  'wireless',
  'portable',
  'premium',
  'everyday',
  'lightweight',
];
const materials = [
  'cotton',
  'linen',
  'denim',
  'leather',
  'silk',
  'wool',
  'polyester',
  'steel',
  'bamboo',
  'ceramic',
  'glass',
  'nylon',
];
const nouns = [
  'shirt',
  'kurta',
  'jeans',
  'sneakers',
  'jacket',
  'saree',
  'watch',
  'earbuds',
  'speaker',
  'bottle',
  'backpack',
  'wallet',
  'sandals',
  'hoodie',
  'trousers',
  'mug',
  'lamp',
  'charger',
  'headphones',
  'dress',
  'skirt',
  'cap',
  'belt',
  'sunglasses',
  'tote',
];
const colours = ['black', 'white', 'navy', 'olive', 'maroon', 'beige', 'grey', 'teal'];

export const vocabulary = { materials, nouns };

const pick = (list, random) => list[Math.floor(random() * list.length)];

/** A seeded pseudo-random source (mulberry32), so every run builds the same catalogue. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** productData as the create call's schema gives it (what the server's columns are made from). */
export function syntheticProduct(random, subcategory) {
  const material = pick(materials, random);
  const noun = pick(nouns, random);
  const price = 199 + Math.floor(random() * 4800);
  const link = `https://shop.example.com/p/${Math.floor(random() * 1e9)}`;
  return {
    productDetails: {
      title: `${pick(brands, random)} ${pick(adjectives, random)} ${material} ${noun}`,
      price,
      og_price: price + Math.floor(random() * 2000),
      og_url: link,
      category: subcategory.category_id,
      subcategory: subcategory.id,
      rating: (3 + random() * 2).toFixed(1),
      ratingsAndReviews: `${Math.floor(random() * 5000)} Ratings, ${Math.floor(random() * 900)} Reviews`,
      deliveryInfo: 'Standard Delivery',
      availableSizes: ['S', 'M', 'L', 'XL'],
      specifications: { Colour: pick(colours, random), Material: material, Pattern: 'Solid' },
    },
    events: pick(productEvents, random),
    btn_url: link,
  };
}
