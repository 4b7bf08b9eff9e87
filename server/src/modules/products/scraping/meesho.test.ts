import { describe, expect, it } from 'vitest';
import { meesho } from './meesho.js';
import { scrapeWith } from './test-server.js';

const scrape = scrapeWith(meesho);

describe('Meesho', () => {
  it('reads the Next.js page data, with the sizes of the description as sizeDetails', async () => {
    expect(await scrape('/meesho/product.html')).toEqual({
      productDetails: {
        title: 'Trendy Men Tshirts',
        price: 263,
        og_price: 399,
        rating: '3.9',
        ratingsAndReviews: '1,624 Ratings, 532 Reviews',
        deliveryInfo: 'Standard Delivery',
        specifications: {
          Fabric: 'Cotton Blend',
          'Sleeve Length': 'Short Sleeves',
          Pattern: 'Solid',
          'Net Quantity (N)': '1',
          'Country of Origin': 'India',
          sizeDetails: {
            M: 'Chest Size: 38 in, Length Size: 28.5 in',
            L: 'Chest Size: 40 in, Length Size: 29.5 in',
            XL: 'Chest Size: 42 in, Length Size: 30.5 in',
            XXL: 'Chest Size: 44 in, Length Size: 31.5 in',
          },
        },
      },
      // The page lists its first picture twice.
      images: [
        { url: 'https://images.meesho.com/images/products/333900767/ywhhq_512.webp' },
        { url: 'https://images.meesho.com/images/products/333900767/9kbxy_512.webp' },
      ],
    });
  });
});
