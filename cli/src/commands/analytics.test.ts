import { describe, expect, it } from 'vitest';
import { cliAgainstTestServer } from '../testing/fake-api.js';

const { dealdesk, server, lastBody } = cliAgainstTestServer();
const adId = '0123456789abcdef01234567';

describe('dealdesk analytics', () => {
  it("shows each ad's clicks and the totals of a custom range", async () => {
    server().replyTo('GET /api/App/analytics/admin/get', {
      payload: {
        status: true,
        message: 'Analytics',
        data: [{ _id: adId, a_name: 'Banner ad', a_click: 1500 }],
        totalViews: 40,
        totalClicks: 1500,
        bannerTotal: 7,
        sortcutTotal: 3,
      },
    });
    const result = await dealdesk([
      'analytics',
      'show',
      '--from',
      '2026-11-01',
      '--to',
      '2026-11-24',
    ]);
    expect(result.exitCode).toBe(0);
    expect(Object.fromEntries(server().lastCall().query)).toEqual({
      startDate: '2026-11-01',
      endDate: '2026-11-24',
    });
    // Piped: the rows on stdout, the title and totals (raw numbers) on stderr.
    expect(result.stderr).toContain('Custom range (2026-11-01 to 2026-11-24)');
    expect(result.stdout).toContain('Banner ad');
    expect(result.stderr).toContain('Ad Views: 40   Ad Clicks: 1500');
  });

  it("clears the given ads' counts for the range with --yes", async () => {
    server().replyTo('DELETE /api/App/analytics/count/all/remove', {
      payload: { status: true, message: 'Counts cleared' },
    });
    const result = await dealdesk([
      'analytics',
      'clear',
      adId,
      '--from',
      '2026-11-01',
      '--to',
      '2026-11-02',
      '--yes',
    ]);
    expect(result.exitCode).toBe(0);
    expect(lastBody()).toEqual({ id: [adId] });
    expect(Object.fromEntries(server().lastCall().query)).toEqual({
      startDate: '2026-11-01',
      endDate: '2026-11-02',
    });
  });

  it('refuses --range together with --from/--to, and unknown presets', async () => {
    const both = await dealdesk(['analytics', 'show', '--range', 'today', '--from', '2026-11-01']);
    expect(both.exitCode).toBe(2);
    expect(both.stderr).toContain('not both');
    const unknown = await dealdesk(['analytics', 'show', '--range', 'fortnight']);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain('Allowed choices are today');
  });
});
