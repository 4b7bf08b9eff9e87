import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { imageMaxBytes } from '../constants.js';
import {
  bulkRefusal,
  bulkRowsNamed,
  maxProductsPerEventUpdate,
  productCreateSchema,
  productDataSchema,
  productDetailsSchema,
  productEventUpdateSchema,
  productListQuerySchema,
  productMessages,
  productRowSchema,
  productUpdateSchema,
  rowsNamedIn,
  scrapeSchema,
} from './products.js';
import { uploadMessages } from './uploads.js';

const category = '65f1c2a9e4b0a1b2c3d4e5f6';
const subcategory = '65f1c2a9e4b0a1b2c3d4e5f7';
const product = '65f1c2a9e4b0a1b2c3d4e5f8';

const details = {
  title: 'Running shoes',
  price: '1499',
  og_price: '2999',
  og_url: 'https://shop.example.com/p/123',
  category,
  subcategory,
};
const data = { productDetails: details, events: 'Trending' };

const issueOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0];
const messageOf = (schema: z.ZodType, value: unknown) => issueOf(schema, value)?.message ?? null;

describe('the lengths of product texts', () => {
  it('takes a marketplace-length title of 500 characters, not more', () => {
    const title = 'T'.repeat(500);
    expect(productDetailsSchema.parse({ ...details, title }).title).toBe(title);
    expect(issueOf(productDetailsSchema, { ...details, title: `${title}T` })).toMatchObject({
      path: ['title'],
      message: 'Title must be at most 500 characters',
    });
  });

  it('bounds specification names, values and size details, each with its own message', () => {
    const specs = (specifications: unknown) =>
      messageOf(productDetailsSchema, { ...details, specifications });
    expect(specs({ ['n'.repeat(200)]: 'v'.repeat(5000) })).toBeNull();
    expect(specs({ ['n'.repeat(201)]: 'v' })).toBe(
      'Specification name must be at most 200 characters',
    );
    expect(specs({ Material: 'v'.repeat(5001) })).toBe(
      'Specification value must be at most 5,000 characters',
    );
    expect(specs({ sizeDetails: { ['S'.repeat(201)]: 'fits' } })).toBe(
      'Size must be at most 200 characters',
    );
    expect(specs({ sizeDetails: { S: 'v'.repeat(5001) } })).toBe(
      'Specification value must be at most 5,000 characters',
    );
  });

  it('bounds the short texts and the links', () => {
    expect(messageOf(productDetailsSchema, { ...details, deliveryInfo: 'd'.repeat(201) })).toBe(
      'Delivery info must be at most 200 characters',
    );
    const url = `https://shop.example.com/${'p'.repeat(2048)}`;
    expect(messageOf(productDetailsSchema, { ...details, og_url: url })).toBe(
      'Original URL must be at most 2,048 characters',
    );
    expect(messageOf(productDataSchema, { ...data, btn_url: url })).toBe(
      'Button URL must be at most 2,048 characters',
    );
  });
});

describe('productDetailsSchema', () => {
  it('reads prices typed as text and fills the defaults', () => {
    expect(productDetailsSchema.parse(details)).toEqual({
      ...details,
      price: 1499,
      og_price: 2999,
      rating: '0',
      ratingsAndReviews: '0 Ratings, 0 Reviews',
      deliveryInfo: 'Standard Delivery',
      availableSizes: [],
      specifications: {},
    });
  });

  it('keeps given texts and uses the defaults for blank ones', () => {
    const parsed = productDetailsSchema.parse({
      ...details,
      rating: '4.3',
      ratingsAndReviews: ' ',
      deliveryInfo: 'Free delivery',
    });
    expect(parsed).toMatchObject({
      rating: '4.3',
      ratingsAndReviews: '0 Ratings, 0 Reviews',
      deliveryInfo: 'Free delivery',
    });
  });

  it.each(['title', 'price', 'og_price', 'og_url', 'category', 'subcategory'] as const)(
    'needs the %s',
    (field) => {
      expect(messageOf(productDetailsSchema, { ...details, [field]: '' })).toBe(
        'All required fields must be filled',
      );
      expect(messageOf(productDetailsSchema, { ...details, [field]: undefined })).toBe(
        'All required fields must be filled',
      );
    },
  );

  it('accepts a price of 0 and refuses below', () => {
    expect(productDetailsSchema.parse({ ...details, price: '0' }).price).toBe(0);
    expect(messageOf(productDetailsSchema, { ...details, price: -1 })).toBe(
      'Price must be 0 or more',
    );
  });

  it('accepts an original price equal to the price and refuses one below', () => {
    expect(productDetailsSchema.parse({ ...details, og_price: '1499' }).og_price).toBe(1499);
    expect(issueOf(productDetailsSchema, { ...details, og_price: '1498.99' })).toMatchObject({
      message: 'The original price must be at least the price',
      path: ['og_price'],
    });
  });

  it('compares the prices while other fields are still blank (the add form shows it at once)', () => {
    const blank = { title: '', price: '499', og_price: '299', og_url: '', category: '' };
    const issues = productDetailsSchema.safeParse({ ...blank, subcategory: '' }).error?.issues;
    expect(issues?.find((issue) => issue.path[0] === 'og_price')?.message).toBe(
      'The original price must be at least the price',
    );
  });

  it('needs a real product link and category ids', () => {
    expect(messageOf(productDetailsSchema, { ...details, og_url: 'shop' })).toBe(
      'Enter a valid product URL',
    );
    expect(messageOf(productDetailsSchema, { ...details, category: 'Shoes' })).toBe('Invalid id');
  });

  describe('sizes', () => {
    it('take a list or comma-separated text, trimmed, repeats dropped', () => {
      expect(
        productDetailsSchema.parse({ ...details, availableSizes: ['S', 'M', 'S'] }).availableSizes,
      ).toEqual(['S', 'M']);
      expect(
        productDetailsSchema.parse({ ...details, availableSizes: ' s, XL ,,xxxl ' }).availableSizes,
      ).toEqual(['S', 'XL', 'XXXL']);
    });

    it('refuse a size outside S..XXXL', () => {
      expect(messageOf(productDetailsSchema, { ...details, availableSizes: 'M, 4XL' })).toBe(
        'Sizes must be among S, M, L, XL, XXL, XXXL',
      );
    });
  });

  describe('specifications', () => {
    it('trim names and values and keep sizeDetails as a map', () => {
      const specifications = {
        ' Material ': ' Mesh ',
        sizeDetails: { S: 'UK 6', M: 'UK 7' },
      };
      expect(productDetailsSchema.parse({ ...details, specifications }).specifications).toEqual({
        Material: 'Mesh',
        sizeDetails: { S: 'UK 6', M: 'UK 7' },
      });
    });

    it('let a repeated name replace the earlier value', () => {
      const specifications = { Colour: 'Red', ' Colour': 'Blue' };
      expect(productDetailsSchema.parse({ ...details, specifications }).specifications).toEqual({
        Colour: 'Blue',
      });
    });

    it('refuse an empty name', () => {
      expect(messageOf(productDetailsSchema, { ...details, specifications: { ' ': 'x' } })).toBe(
        'Specification name cannot be empty',
      );
    });

    it('refuse a map anywhere but sizeDetails, and text as sizeDetails', () => {
      expect(
        messageOf(productDetailsSchema, { ...details, specifications: { Colour: { a: 'b' } } }),
      ).toBe(productMessages.specificationValue);
      expect(
        messageOf(productDetailsSchema, { ...details, specifications: { sizeDetails: 'S' } }),
      ).toBe(productMessages.sizeDetails);
    });

    it("never let a '__proto__' name reach the prototype", () => {
      const specifications = JSON.parse(
        '{"__proto__": {"polluted": "yes"}, "Fit": "Slim"}',
      ) as unknown;
      const parsed = productDetailsSchema.parse({ ...details, specifications }).specifications;
      expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
      expect(parsed).toEqual({ Fit: 'Slim' });
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });
});

describe('productRowSchema', () => {
  const row = { ...details, images: [' https://cdn.example.com/1.jpg '] };
  const issuesOf = (value: unknown) =>
    productRowSchema.safeParse(value).error?.issues.map(({ path, message }) => ({ path, message }));

  it('reads a good row with the defaults of a bulk import', () => {
    expect(productRowSchema.parse(row)).toEqual({
      ...productDetailsSchema.parse(details),
      events: 'None',
      btn_url: details.og_url,
      images: ['https://cdn.example.com/1.jpg'],
    });
  });

  // Good rows are read by a compiled parser whose prices' comparison has no `when`: it must
  // refuse the same rows, and the refused ones keep the runtime's issues.
  it('refuses a row whose only fault is its prices', () => {
    expect(issuesOf({ ...row, price: 10, og_price: 9 })).toEqual([
      { path: ['og_price'], message: productMessages.ogPriceMin },
    ]);
  });

  it('compares the prices while other fields are wrong, as the details do', () => {
    const wrong = { ...row, title: ' ', price: '10', og_price: '9', images: [] };
    expect(issuesOf(wrong)).toEqual([
      { path: ['title'], message: productMessages.required },
      { path: ['images'], message: productMessages.required },
      { path: ['og_price'], message: productMessages.ogPriceMin },
    ]);
  });
});

describe('productDataSchema', () => {
  it('needs an event and stores Now Launch as New Launch', () => {
    expect(productDataSchema.parse({ ...data, events: 'Now Launch' }).events).toBe('New Launch');
    expect(productDataSchema.parse({ ...data, events: 'None' }).events).toBe('None');
    expect(messageOf(productDataSchema, { ...data, events: '' })).toBe(
      'All required fields must be filled',
    );
    expect(messageOf(productDataSchema, { ...data, events: 'Flash' })).toBe(productMessages.event);
  });

  it('links to the original page unless a link is given', () => {
    expect(productDataSchema.parse(data).btn_url).toBe(details.og_url);
    expect(productDataSchema.parse({ ...data, btn_url: 'https://go.example.com/x' }).btn_url).toBe(
      'https://go.example.com/x',
    );
    expect(messageOf(productDataSchema, { ...data, btn_url: 'go' })).toBe(
      'Enter a valid button URL',
    );
  });

  it('drops fields it does not know, such as the empty images list', () => {
    expect(productDataSchema.parse({ ...data, images: [] })).not.toHaveProperty('images');
  });
});

describe('productCreateSchema (multipart)', () => {
  const productData = JSON.stringify(data);
  const photo = { name: 'shoe.jpg', size: 1_000, type: 'image/jpeg' };

  it('takes uploaded images, linked images, or both', () => {
    expect(productCreateSchema.parse({ productData, images: [photo] })).toMatchObject({
      images: [photo],
      imageUrls: [],
    });
    expect(
      productCreateSchema.parse({
        productData,
        imageUrls: '["", " https://cdn.example.com/a.jpg ", ""]',
      }),
    ).toMatchObject({ images: [], imageUrls: ['https://cdn.example.com/a.jpg'] });
  });

  it('needs at least one image', () => {
    expect(issueOf(productCreateSchema, { productData, imageUrls: '[" "]' })).toMatchObject({
      message: 'All required fields must be filled',
      path: ['images'],
    });
  });

  it('checks image files and links', () => {
    expect(
      messageOf(productCreateSchema, { productData, images: [{ name: 'a.bmp', size: 5 }] }),
    ).toBe('Only PNG, JPG, JPEG, and GIF files are allowed');
    expect(
      messageOf(productCreateSchema, {
        productData,
        images: [{ ...photo, size: imageMaxBytes + 1 }],
      }),
    ).toBe(uploadMessages.imageSize);
    expect(messageOf(productCreateSchema, { productData, imageUrls: '["cdn/a.jpg"]' })).toBe(
      'Enter a valid image URL',
    );
    expect(messageOf(productCreateSchema, { productData, imageUrls: '[' })).toBe(
      'imageUrls must be valid JSON',
    );
  });
});

describe('productUpdateSchema', () => {
  it('takes the product id and productData', () => {
    expect(productUpdateSchema.parse({ id: product, productData: data }).productData.events).toBe(
      'Trending',
    );
    expect(messageOf(productUpdateSchema, { productData: data })).toBe('Invalid id');
  });
});

describe('productListQuerySchema', () => {
  it('has no filters by default, 100 a page, newest first', () => {
    expect(productListQuerySchema.parse({})).toEqual({
      page: 1,
      limit: 100,
      q: '',
      categories: [],
      subCategories: [],
      events: [],
      sort: 'date',
      order: 'desc',
    });
  });

  it('takes several values per filter, repeated or comma-separated', () => {
    expect(
      productListQuerySchema.parse({
        categories: [category, subcategory],
        subCategories: `${subcategory},${category}`,
        events: 'Best Deals,Now Launch',
      }),
    ).toMatchObject({
      categories: [category, subcategory],
      subCategories: [subcategory, category],
      events: ['Best Deals', 'New Launch'],
    });
  });

  it("reads '' and 'null' as no filter, as the event screen sends them", () => {
    expect(
      productListQuerySchema.parse({ categories: '', subCategories: '', events: 'null' }),
    ).toMatchObject({
      categories: [],
      subCategories: [],
      events: [],
    });
  });

  it('refuses unknown filter values', () => {
    expect(messageOf(productListQuerySchema, { categories: 'shoes' })).toBe('Invalid id');
    expect(messageOf(productListQuerySchema, { events: 'Flash' })).toBe(productMessages.event);
  });
});

describe('productEventUpdateSchema', () => {
  it(`tags up to ${maxProductsPerEventUpdate} products at once`, () => {
    const ids = (n: number) =>
      Array.from({ length: n }, (_, i) => i.toString(16).padStart(24, '0'));
    const most = ids(maxProductsPerEventUpdate);
    expect(productEventUpdateSchema.parse({ id: most, event: 'Trending' }).id).toHaveLength(
      maxProductsPerEventUpdate,
    );
    expect(
      messageOf(productEventUpdateSchema, {
        id: ids(maxProductsPerEventUpdate + 1),
        event: 'Trending',
      }),
    ).toBe('Select at most 10000 items at once');
  });

  it('takes products and an event', () => {
    expect(productEventUpdateSchema.parse({ id: [product], event: 'Now Launch' })).toEqual({
      id: [product],
      event: 'New Launch',
    });
  });

  it('needs products, then an event', () => {
    expect(messageOf(productEventUpdateSchema, { id: [], event: 'Trending' })).toBe(
      'Please select products to update',
    );
    expect(messageOf(productEventUpdateSchema, { id: [product] })).toBe('Please select an event');
    expect(messageOf(productEventUpdateSchema, { id: [product], event: ' ' })).toBe(
      'Please select an event',
    );
  });
});

describe('scrapeSchema', () => {
  it('needs a URL', () => {
    expect(scrapeSchema.parse({ url: ' https://shop.example.com/p/1 ' })).toEqual({
      url: 'https://shop.example.com/p/1',
    });
    expect(messageOf(scrapeSchema, { url: '' })).toBe('Please enter a URL to scrape');
    expect(messageOf(scrapeSchema, {})).toBe('Please enter a URL to scrape');
    expect(messageOf(scrapeSchema, { url: 'shop' })).toBe('Enter a valid URL to scrape');
  });
});

describe('a bulk call refusal', () => {
  it('names the first rows and how many more, and reads back the rows it names', () => {
    const refused = [2, 5, 9, 11, 12].map((row) => ({ row, message: `Reason ${row}: not here` }));
    const message = bulkRefusal(refused);
    expect(message).toBe(
      'Row 2: Reason 2: not here; Row 5: Reason 5: not here; Row 9: Reason 9: not here; ' +
        'and 2 more rows. Nothing was imported',
    );
    expect(rowsNamedIn(message)).toEqual(refused.slice(0, bulkRowsNamed));
    const one = bulkRefusal([{ row: 1, message: 'The category was not found' }]);
    expect(rowsNamedIn(one)).toEqual([{ row: 1, message: 'The category was not found' }]);
    expect(rowsNamedIn(bulkRefusal([...refused, { row: 13, message: 'x' }].slice(0, 4)))).toEqual(
      refused.slice(0, 3),
    );
  });

  it('reads no rows from other refusals', () => {
    expect(rowsNamedIn('Something went wrong on the server')).toEqual([]);
    expect(rowsNamedIn('Send at most 5000 products a call. Nothing was imported')).toEqual([]);
  });
});
