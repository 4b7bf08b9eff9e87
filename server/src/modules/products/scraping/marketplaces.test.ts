import { describe, expect, it } from 'vitest';
import { ajio } from './ajio.js';
import { amazon } from './amazon.js';
import { flipkart } from './flipkart.js';
import { generic } from './generic.js';
import { extractorFor } from './marketplaces.js';
import { meesho } from './meesho.js';
import { myntra } from './myntra.js';

describe('extractorFor', () => {
  it.each([
    ['https://www.amazon.in/dp/B07PR1CL3S', amazon],
    ['https://amazon.in/dp/B07PR1CL3S', amazon],
    ['https://m.amazon.in/dp/B07PR1CL3S', amazon],
    ['https://amzn.in/d/4xYzAbC', amazon],
    ['https://WWW.AMAZON.IN./dp/B07PR1CL3S', amazon],
    ['https://www.flipkart.com/apple-iphone-15-black-128-gb/p/itm6ac6485515ae4', flipkart],
    ['https://dl.flipkart.com/dl/apple-iphone-15/p/itm6ac6485515ae4', flipkart],
    ['https://flipkart.com/p/itm6ac6485515ae4', flipkart],
    ['https://www.myntra.com/tshirts/roadster/x/1996777/buy', myntra],
    ['https://www.ajio.com/netplay-crew-neck-t-shirt/p/469316734_navy', ajio],
    ['https://www.meesho.com/trendy-men-tshirts/p/5iuz7z', meesho],
  ])('reads %s with its marketplace extractor', (url, extractor) => {
    expect(extractorFor(new URL(url))).toBe(extractor);
  });

  it.each([
    'https://www.amazon.com/dp/B07PR1CL3S',
    'https://notamazon.in/dp/B07PR1CL3S',
    'https://amazon.in.shop.example/dp/B07PR1CL3S',
    'https://flipkart.com.example.in/p/x',
    'https://store.example.in/products/gift-box',
  ])('reads %s with the generic extractor', (url) => {
    expect(extractorFor(new URL(url))).toBe(generic);
  });
});
