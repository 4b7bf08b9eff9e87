import { describe, expect, it } from 'vitest';
import { flipkart } from './flipkart.js';
import { scrapeWith } from './test-server.js';

const scrape = scrapeWith(flipkart);

describe('Flipkart', () => {
  it('reads the page state, the specification tables and the gallery at zoom size', async () => {
    expect(await scrape('/flipkart/product.html')).toEqual({
      productDetails: {
        title: 'Apple iPhone 15 (Black, 128 GB)',
        price: 65999,
        og_price: 69900,
        rating: '4.6',
        ratingsAndReviews: '77,016 Ratings, 4,502 Reviews',
        deliveryInfo: 'Standard Delivery',
        specifications: {
          'In The Box': 'iPhone with iOS 17, USB C Charge Cable (1 m), Documentation',
          'Model Number': 'MTP03HN/A',
          Color: 'Black',
          'SIM Type': 'Dual Sim(Nano + eSIM)',
          'Display Size': '15.49 cm (6.1 inch)',
          Resolution: '2556 x 1179 Pixels',
          'Primary Camera Features': '48MP Main Camera, 12MP Ultra Wide',
        },
      },
      // The video of the gallery is left out.
      images: [
        {
          url: 'https://rukmini1.flixcart.com/image/832/832/xif0q/mobile/h/d/9/-original-imagtc2qzgnnuhxh.jpeg?q=70',
        },
        {
          url: 'https://rukmini1.flixcart.com/image/832/832/xif0q/mobile/6/e/f/-original-imagtc2qhvgtpmhx.jpeg?q=70',
        },
        {
          url: 'https://rukmini1.flixcart.com/image/832/832/xif0q/mobile/q/x/r/-original-imagtc2qfkyucfyq.jpeg?q=70',
        },
      ],
    });
  });

  it('reads the rendered blocks of the previous layout when there is no page state', async () => {
    expect(await scrape('/flipkart/previous-layout.html')).toEqual({
      productDetails: {
        title: 'PUMA Smashic Sneakers For Men (White)',
        price: 1299,
        og_price: 2999,
        rating: '4.2',
        ratingsAndReviews: '1,23,456 Ratings, 12,345 Reviews',
        deliveryInfo: 'Standard Delivery',
        specifications: {
          'Sales Package': '1 Pair of Shoes',
          'Outer material': 'Synthetic Leather',
          Color: 'White',
        },
      },
      images: [
        {
          url: 'https://rukminim1.flixcart.com/image/832/832/xif0q/shoe/t/p/y/-original-imagg5jzq5zgttgk.jpeg?q=70',
        },
      ],
    });
  });

  it('reports the "Are you a human?" page as a robot check', async () => {
    await expect(scrape('/flipkart/robot-check.html')).rejects.toMatchObject({
      reason: 'robot-check',
      statusCode: 502,
    });
  });
});
