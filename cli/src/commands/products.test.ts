import { endpoints, type Product } from '@dealdesk/core';
import { describe, expect, it } from 'vitest';
import { cliAgainstTestServer } from '../testing/fake-api.js';

const { dealdesk, server } = cliAgainstTestServer();

const product = {
  _id: '0123456789abcdef01234567',
  title: 'Cotton shirt',
  price: 499,
  og_price: 999,
  rating: '4.2',
  ratingsAndReviews: '1,024 ratings',
  deliveryInfo: 'Free delivery',
  specifications: { Fabric: 'Cotton', sizeDetails: { M: 'Chest 40 in' } },
  availableSizes: ['M', 'L'],
  og_url: 'https://shop.example.test/p/1',
  btn_url: '',
  category: { _id: 'c'.repeat(24), name: 'Men' },
  subcategory: { _id: 's'.repeat(24), name: 'Shirts' },
  events: 'Trending',
  images: [{ url: 'https://cdn.example.test/1.jpg' }],
  view: 1200,
  btn_click: 34,
  createdAt: '2026-11-20T10:00:00.000Z',
} satisfies Product;

describe('dealdesk products', () => {
  it("lists a page with the server's filters and says how many there are", async () => {
    server().replyTo('GET /api/App/product', {
      payload: { status: true, message: 'Product details', data: [product], totalRecord: 201 },
    });
    const result = await dealdesk([
      'products',
      'list',
      '--page',
      '3',
      '--limit',
      '100',
      '-s',
      'shirt',
      '--event',
      'Trending',
    ]);
    expect(result.exitCode).toBe(0);
    const query = server().lastCall().query;
    expect(Object.fromEntries(query)).toMatchObject({ page: '3', limit: '100', q: 'shirt' });
    expect(query.getAll('events')).toEqual(['Trending']);
    expect(result.stdout).toContain('Cotton shirt');
    expect(result.stdout).toContain('Men / Shirts');
    expect(result.stderr).toContain('Showing 1 of 201 products (page 3 of 3)');
  });

  it('shows one product in full, its specifications and sizes included', async () => {
    server().replyTo('GET /api/App/product', {
      payload: { status: true, message: 'Product details', data: product },
    });
    const result = await dealdesk(['products', 'show', product._id]);
    expect(result.exitCode).toBe(0);
    expect(server().lastCall().query.get('id')).toBe(product._id);
    for (const text of ['Cotton shirt', 'Fabric', 'size M', 'Chest 40 in', 'views\t1200'])
      expect(result.stdout).toContain(text);
  });

  it('deletes only with --yes when no one is at a terminal', async () => {
    server().replyTo('DELETE /api/App/product', {
      payload: { status: true, message: endpoints.products.remove.message },
    });
    const before = server().calls.length;
    const refused = await dealdesk(['products', 'delete', product._id]);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('without --yes');
    expect(server().calls).toHaveLength(before);

    const deleted = await dealdesk(['products', 'delete', product._id, '--yes', '--json']);
    expect(deleted.exitCode).toBe(0);
    expect(JSON.parse(deleted.stdout)).toEqual({
      status: true,
      deleted: 1,
      ids: [product._id],
      missing: [],
    });
  });

  it('shows a progress bar with the time left while deleting many at a terminal', async () => {
    server().replyTo('DELETE /api/App/product', {
      payload: { status: true, message: endpoints.products.remove.message },
    });
    const ids = Array.from({ length: 1_500 }, (_, index) => index.toString(16).padStart(24, '0'));
    const deleted = await dealdesk(['products', 'delete', ...ids, '--yes'], '', {}, true);
    expect(deleted.exitCode).toBe(0);
    expect(deleted.stderr).toMatch(/\] 1000\/1500 {2}ETA \d+:\d\d/);
    expect(deleted.stdout).toContain('Deleted 1500 product(s)');
  });
});
