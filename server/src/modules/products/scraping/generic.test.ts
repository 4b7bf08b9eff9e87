import { describe, expect, it } from 'vitest';
import { generic } from './generic.js';
import { scrapeWith } from './test-server.js';

const scrape = scrapeWith(generic);

/** Image addresses with the test server's origin as 'http://shop', relative ones resolving against it. */
function imageUrls(images: { url: string }[]): string[] {
  return images.map(({ url }) => url.replace(/^http:\/\/127\.0\.0\.1:\d+/, 'http://shop'));
}

describe('any other shop', () => {
  it('reads schema.org JSON-LD: @graph, list price, a rating out of 10, properties, mixed image forms', async () => {
    const result = await scrape('/generic/json-ld.html');
    expect(result.productDetails).toEqual({
      title: 'Assam Tea & Tulsi Gift Box',
      price: 1099,
      og_price: 1499,
      rating: '4.3',
      ratingsAndReviews: '214 Ratings, 37 Reviews',
      deliveryInfo: 'Standard Delivery',
      specifications: {
        Brand: 'Chai Point',
        Colour: 'Green',
        'Net Weight': '300 g',
        'Shelf Life': '18 months',
      },
    });
    expect(imageUrls(result.images)).toEqual([
      'http://shop/cdn/shop/products/gift-box-front.jpg?v=1690000000',
      'https://store.example.in/cdn/shop/products/gift-box-open.jpg?v=1690000000',
      'http://store.example.in/cdn/shop/products/gift-box-tins.jpg?v=1690000000',
    ]);
  });

  it('reads schema.org microdata, keeping the brand name apart from the product name', async () => {
    const result = await scrape('/generic/microdata.html');
    expect(result.productDetails).toEqual({
      title: 'Handloom Cotton Dohar (Double)',
      price: 1850,
      og_price: 1850,
      rating: '4.5',
      ratingsAndReviews: '18 Reviews',
      deliveryInfo: 'Standard Delivery',
      specifications: { Brand: 'Jaipur Crafts' },
    });
    expect(imageUrls(result.images)).toEqual([
      'http://shop/wp-content/uploads/2023/04/dohar-blue-1-600x600.jpg',
    ]);
  });

  it('reads OpenGraph product tags: the sale price is the price, the regular one the MRP', async () => {
    const result = await scrape('/generic/opengraph.html');
    expect(result.productDetails).toMatchObject({
      title: 'Brass Diya Set of 4',
      price: 599,
      og_price: 799,
    });
    expect(imageUrls(result.images)).toEqual([
      'http://shop/media/catalog/product/brass-diya-set.jpg',
    ]);
  });

  it('says a page without a price is not a product page', async () => {
    await expect(scrape('/errors/not-a-product.html')).rejects.toMatchObject({
      reason: 'not-a-product',
      statusCode: 422,
      message:
        'No price was found on this page; the product may be unavailable, or this is not a product page',
    });
  });
});
