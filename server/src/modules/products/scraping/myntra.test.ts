import { describe, expect, it } from 'vitest';
import { myntra } from './myntra.js';
import { readFixture, scrapeWith } from './test-server.js';

const scrape = scrapeWith(myntra, {
  // The same page once Myntra stops rendering its state into it: only the JSON-LD is left.
  '/myntra/without-state.html': (_request, response) => {
    void readFixture('myntra/product.html').then((html) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(html.replace(/<script>window\.__myx = .*?<\/script>/s, ''));
    });
  },
});

describe('Myntra', () => {
  it('reads pdpData: discounted price and MRP, attributes, sizes with their measurements, original images', async () => {
    expect(await scrape('/myntra/product.html')).toEqual({
      productDetails: {
        title: 'Roadster Men Navy Blue Pure Cotton T Shirt',
        price: 449,
        og_price: 899,
        rating: '4.3',
        ratingsAndReviews: '12,567 Ratings, 1,832 Reviews',
        deliveryInfo: 'Standard Delivery',
        specifications: {
          Brand: 'Roadster',
          'Body or Garment Size': 'Garment Measurements in',
          Fabric: 'Cotton',
          Fit: 'Regular Fit',
          Length: 'Regular',
          'Main Trend': 'New Basics',
          Neck: 'Round Neck',
          Occasion: 'Casual',
          Pattern: 'Solid',
          'Print or Pattern Type': 'Solid',
          'Sleeve Length': 'Short Sleeves',
          'Sleeve Styling': 'Regular Sleeves',
          Sustainable: 'Regular',
          'Wash Care': 'Machine Wash',
          'Weave Type': 'Knitted',
          sizeDetails: {
            S: 'Chest: 38 in, Front Length: 27 in, Sleeve Length: 7.5 in',
            M: 'Chest: 40 in, Front Length: 28 in, Sleeve Length: 8 in',
            L: 'Chest: 42 in, Front Length: 29 in, Sleeve Length: 8.5 in',
          },
        },
      },
      images: [
        {
          url: 'https://assets.myntassets.com/assets/images/1996777/2022/6/1/a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d1654056789123-Roadster-Men-Tshirts-1.jpg',
        },
        {
          url: 'https://assets.myntassets.com/assets/images/1996777/2022/6/1/b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e1654056789145-Roadster-Men-Tshirts-2.jpg',
        },
        // No imageURL: the sized address without its placeholders.
        {
          url: 'https://assets.myntassets.com/v1/assets/images/1996777/2022/6/1/c3d4e5f6-a7b8-4c9d-0e1f-2a3b4c5d6e7f1654056789167-Roadster-Men-Tshirts-3.jpg',
        },
      ],
    });
  });

  it('falls back to the generic extractor for what the page state no longer gives', async () => {
    expect(await scrape('/myntra/without-state.html')).toEqual({
      productDetails: {
        title: 'Roadster Men Navy Blue Pure Cotton T Shirt',
        price: 449,
        og_price: 449,
        rating: '4.3',
        ratingsAndReviews: '12,567 Ratings',
        deliveryInfo: 'Standard Delivery',
        specifications: { Brand: 'Roadster' },
      },
      images: [
        {
          url: 'http://assets.myntassets.com/assets/images/1996777/2022/6/1/a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d1654056789123-Roadster-Men-Tshirts-1.jpg',
        },
      ],
    });
  });
});
