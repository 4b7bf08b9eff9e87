import { describe, expect, it } from 'vitest';
import { ajio } from './ajio.js';
import { scrapeWith } from './test-server.js';

const scrape = scrapeWith(ajio);

describe('Ajio', () => {
  it('reads productDetails from the preloaded state, keeping the widest file of each picture', async () => {
    expect(await scrape('/ajio/product.html')).toEqual({
      productDetails: {
        title: 'NETPLAY Crew-Neck T-shirt with Short Sleeves',
        price: 499,
        og_price: 999,
        rating: '4.1',
        ratingsAndReviews: '235 Ratings, 41 Reviews',
        deliveryInfo: 'Standard Delivery',
        specifications: {
          Brand: 'NETPLAY',
          'Fabric Composition': '100% Cotton',
          'Fit Type': 'Regular Fit',
          Neckline: 'Crew Neck',
          'Wash Care': 'Machine wash, Do not bleach',
        },
      },
      images: [
        {
          url: 'https://assets.ajio.com/medias/sys_master/root/20230210/Qw7e/63e5a1ffaeb269659c5d2c11/-1117Wx1400H-469316734-navy-MODEL.jpg',
        },
        {
          url: 'https://assets.ajio.com/medias/sys_master/root/20230210/Zx8c/63e5a1ffaeb269659c5d2c3b/-1117Wx1400H-469316734-navy-MODEL2.jpg',
        },
      ],
    });
  });
});
