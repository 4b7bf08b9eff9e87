import { describe, expect, it } from 'vitest';
import { amazon } from './amazon.js';
import { scrapeWith } from './test-server.js';

const scrape = scrapeWith(amazon);

describe('Amazon.in', () => {
  it('reads a product page: the price to pay, the M.R.P., the gallery at full size', async () => {
    expect(await scrape('/amazon/product.html')).toEqual({
      productDetails: {
        title:
          'boAt Rockerz 450 Bluetooth On Ear Headphones with Mic, Upto 15 Hours Playback, 40MM Drivers, Padded Ear Cushions, Integrated Controls and Dual Modes(Luscious Black)',
        // Not ₹999 or ₹1,499: those are sponsored products' prices elsewhere on the page.
        price: 1299,
        og_price: 3990,
        rating: '4.1',
        ratingsAndReviews: '71,532 Ratings',
        deliveryInfo: 'FREE delivery Wednesday, 12 June',
        specifications: {
          Brand: 'boAt',
          Colour: 'Luscious Black',
          'Ear Placement': 'On Ear',
          'Noise Control': 'None',
          Manufacturer:
            'Imagine Marketing Pvt Ltd, Imagine Marketing Pvt Ltd, Unit no 204 & 205, D wing, 2nd floor, Lotus Corporate Park, Goregaon East, Mumbai 400063',
          Model: 'Rockerz 450',
          'Form Factor': 'On Ear',
          'Connector Type': 'Wireless',
          'Item Weight': '170 g',
          ASIN: 'B07PR1CL3S',
          'Date First Available': '1 March 2019',
          'Country of Origin': 'India',
        },
      },
      images: [
        { url: 'https://m.media-amazon.com/images/I/61u1VALn6JL._SL1500_.jpg' },
        { url: 'https://m.media-amazon.com/images/I/71Z8hUVXhML._SL1500_.jpg' },
        // No hi-res file for this one: the largest of its sizes.
        { url: 'https://m.media-amazon.com/images/I/51FkYb2xDLL._SX522_.jpg' },
        { url: 'https://m.media-amazon.com/images/I/61kWB+uzR2L._SL1500_.jpg' },
      ],
    });
  });

  it('reads the other layout: price in whole digits, detail bullets, the landing image, no reviews yet', async () => {
    expect(await scrape('/amazon/detail-bullets.html')).toEqual({
      productDetails: {
        title: "Amazon Brand - Symbol Men's Cotton Rich Regular Fit Polo T-Shirt (Navy)",
        price: 479,
        og_price: 1199,
        rating: '0',
        ratingsAndReviews: '0 Ratings, 0 Reviews',
        deliveryInfo: 'FREE delivery Thursday, 13 June on orders dispatched by Amazon over ₹499',
        specifications: {
          'Product Dimensions': '30 x 25 x 3 cm; 200 g',
          'Date First Available': '20 September 2017',
          Manufacturer: 'Cloudtail India',
          ASIN: 'B0758DV1TT',
          'Item model number': 'AW17MPCT3',
          'Country of Origin': 'India',
          Department: 'Men',
          'Generic Name': 'Polo T-Shirt',
        },
      },
      images: [{ url: 'https://m.media-amazon.com/images/I/71tq6NZ8ZqL._UY879_.jpg' }],
    });
  });

  it('reports the robot check instead of reading it as a product', async () => {
    await expect(scrape('/amazon/captcha.html')).rejects.toMatchObject({
      reason: 'robot-check',
      statusCode: 502,
      message: expect.stringContaining('showed a robot check (captcha) instead of the product'),
    });
  });
});
