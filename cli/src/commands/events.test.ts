import { endpoints } from '@dealdesk/core';
import { describe, expect, it } from 'vitest';
import { cliAgainstTestServer } from '../testing/fake-api.js';

const { dealdesk, server, lastBody } = cliAgainstTestServer();
const ids = ['0123456789abcdef01234567', '76543210fedcba9876543210'];

describe('dealdesk events set', () => {
  it('reads ids from standard input for `--ids -`', async () => {
    server().replyTo('PUT /api/App/product/update/events', {
      payload: { status: true, message: endpoints.products.updateEvents.message },
    });
    const result = await dealdesk(
      ['events', 'set', 'Trending', '--ids', '-', '--json'],
      ids.join('\n'),
    );
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ changed: 2, calls: 1 });
    expect(server().lastCall()).toMatchObject({ method: 'PUT' });
    expect(lastBody()).toEqual({ id: ids, event: 'Trending' });
  });

  it('finds products by search on a dry run and changes nothing', async () => {
    server().replyTo('GET /api/App/product', {
      payload: {
        status: true,
        message: 'Product details',
        totalRecord: 2,
        data: ids.map((id, index) => ({
          _id: id,
          title: `Product ${index + 1}`,
          events: index === 0 ? 'None' : 'Best Deals',
        })),
      },
    });
    const before = server().calls.length;
    const result = await dealdesk(['events', 'set', 'Best Deals', '-s', 'shirt', '--dry-run']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('Product 1');
    expect(result.stderr).toContain(
      'Dry run: 1 product(s) would be set to Best Deals, 1 already are. Nothing was changed.',
    );
    const calls = server().calls.slice(before);
    expect(calls.map((call) => call.method)).toEqual(['GET']);
    expect(calls[0]?.query.get('q')).toBe('shirt');
  });

  it('needs either ids or a search, not both (exit 2)', async () => {
    const neither = await dealdesk(['events', 'set', 'Trending']);
    expect(neither.exitCode).toBe(2);
    expect(neither.stderr).toContain('Please select products to update');
    const both = await dealdesk(['events', 'set', 'Trending', '--ids', ids[0] ?? '', '-s', 'x']);
    expect(both.exitCode).toBe(2);
    expect(both.stderr).toContain('Give --ids or --search/--category/--subcategory, not both');
  });
});
