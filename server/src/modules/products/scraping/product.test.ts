import { describe, expect, it } from 'vitest';
import type { ProductFields } from './extractor.js';
import { toScrapeResult, withFallback } from './product.js';

const pageUrl = new URL('https://shop.example.in/p/kurta?ref=home');
const found: ProductFields = { title: 'Cotton Kurta', price: 799 };

describe('toScrapeResult', () => {
  it('fills what the page does not show with the app defaults', () => {
    expect(toScrapeResult(found, pageUrl)).toEqual({
      productDetails: {
        title: 'Cotton Kurta',
        price: 799,
        og_price: 799,
        rating: '0',
        ratingsAndReviews: '0 Ratings, 0 Reviews',
        deliveryInfo: 'Standard Delivery',
        specifications: {},
      },
      images: [],
    });
  });

  it('cleans the title', () => {
    expect(
      toScrapeResult({ ...found, title: '  Cotton&nbsp;Kurta &amp;\n  Dupatta ' }, pageUrl)
        .productDetails.title,
    ).toBe('Cotton Kurta & Dupatta');
  });

  it('keeps an MRP above the price', () => {
    expect(toScrapeResult({ ...found, og_price: 1299 }, pageUrl).productDetails).toMatchObject({
      price: 799,
      og_price: 1299,
    });
  });

  it('raises an MRP below the price to the price, rather than inventing a discount', () => {
    expect(toScrapeResult({ ...found, og_price: 99 }, pageUrl).productDetails).toMatchObject({
      price: 799,
      og_price: 799,
    });
  });

  it('accepts a free product', () => {
    expect(toScrapeResult({ ...found, price: 0 }, pageUrl).productDetails).toMatchObject({
      price: 0,
      og_price: 0,
    });
  });

  it.each([
    [{ price: 799 }, 'No product title was found on this page; is it a product page?'],
    [{ title: '  ', price: 799 }, 'No product title was found on this page; is it a product page?'],
    [
      { title: 'Kurta' },
      'No price was found on this page; the product may be unavailable, or this is not a product page',
    ],
    [
      { title: 'Kurta', price: -1 },
      'No price was found on this page; the product may be unavailable, or this is not a product page',
    ],
    [
      { title: 'Kurta', price: Number.NaN },
      'No price was found on this page; the product may be unavailable, or this is not a product page',
    ],
  ])('refuses %j as not a product', (fields, message) => {
    expect(() => toScrapeResult(fields, pageUrl)).toThrow(
      expect.objectContaining({ reason: 'not-a-product', statusCode: 422, message }),
    );
  });

  it('makes images absolute, keeps http(s) only and drops repeats', () => {
    const images = [
      '/media/kurta-1.jpg',
      '//cdn.shop.example.in/kurta-2.jpg',
      'kurta-3.jpg',
      'https://shop.example.in/media/kurta-1.jpg',
      'javascript:alert(1)',
      'data:image/png;base64,iVBORw0KGgo=',
      'http://[broken',
      '  ',
    ];
    expect(toScrapeResult({ ...found, images }, pageUrl).images).toEqual([
      { url: 'https://shop.example.in/media/kurta-1.jpg' },
      { url: 'https://cdn.shop.example.in/kurta-2.jpg' },
      { url: 'https://shop.example.in/p/kurta-3.jpg' },
    ]);
  });

  it('cleans specification values, dropping blank ones, and keeps sizeDetails', () => {
    const specifications = {
      Fabric: ' Cotton&nbsp;Blend ',
      Blank: ' ',
      sizeDetails: { M: 'Chest: 38 in' },
    };
    expect(
      toScrapeResult({ ...found, specifications }, pageUrl).productDetails.specifications,
    ).toEqual({
      Fabric: 'Cotton Blend',
      sizeDetails: { M: 'Chest: 38 in' },
    });
  });
});

describe('withFallback', () => {
  it('takes each field from the marketplace extractor, else from the fallback', () => {
    expect(
      withFallback(
        { title: 'From the shop', price: 499, images: [], specifications: {}, rating: '' },
        {
          title: 'From JSON-LD',
          price: 599,
          og_price: 999,
          images: ['a.jpg'],
          specifications: { Brand: 'X' },
          rating: '4.0',
        },
      ),
    ).toEqual({
      title: 'From the shop',
      price: 499,
      og_price: 999,
      images: ['a.jpg'],
      specifications: { Brand: 'X' },
      rating: '4.0',
    });
  });

  it('keeps a price of 0 found by the marketplace extractor', () => {
    expect(withFallback({ price: 0 }, { price: 599 }).price).toBe(0);
  });
});
