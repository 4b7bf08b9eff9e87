import { describe, expect, it } from 'vitest';
import { adMessages } from './ads.js';
import {
  dashboardMaxDays,
  dashboardQuerySchema,
  trackBatchMax,
  trackBatchSchema,
  trackingMessages,
} from './tracking.js';

const id = '65f1c2a9e4b0a1b2c3d4e5f6';
const view = { kind: 'story', id, event: 'view' } as const;

const messageOf = (value: unknown) =>
  trackBatchSchema.safeParse(value).error?.issues[0]?.message ?? null;

describe('trackBatchSchema', () => {
  it('takes views and clicks of every tracked kind', () => {
    const kinds = ['story', 'storyAd', 'shortcut', 'banner', 'webAd', 'inHouseAd', 'product'];
    const events = kinds.map((kind) => ({ kind, id, event: 'click' }));
    expect(trackBatchSchema.parse({ events }).events).toHaveLength(kinds.length);
  });

  it(`takes 1 to ${trackBatchMax} events`, () => {
    expect(trackBatchSchema.safeParse({ events: [view] }).success).toBe(true);
    expect(trackBatchSchema.safeParse({ events: Array(1000).fill(view) }).success).toBe(true);
    expect(messageOf({ events: Array(1001).fill(view) })).toBe('Send between 1 and 1000 events');
    expect(messageOf({ events: [] })).toBe('Send between 1 and 1000 events');
    expect(messageOf({})).toBe('Send between 1 and 1000 events');
  });

  it('keeps the other events when one is malformed, standing as what is wrong with it', () => {
    const unreadable = (field: string, message: string) => ({ unreadable: { field, message } });
    expect(
      trackBatchSchema.parse({
        events: [
          view,
          { ...view, kind: 'policy' },
          { ...view, event: 'share' },
          { ...view, id: 'x' },
          7,
        ],
      }).events,
    ).toEqual([
      view,
      unreadable('kind', trackingMessages.kind),
      unreadable('event', 'event must be view or click'),
      unreadable('id', 'Invalid id'),
      unreadable('', trackingMessages.notAnEvent),
    ]);
  });

  it("takes home's story-ad kind 'ad' as storyAd", () => {
    expect(trackBatchSchema.parse({ events: [{ ...view, kind: 'ad' }] }).events).toEqual([
      { ...view, kind: 'storyAd' },
    ]);
  });
});

describe('dashboardQuerySchema', () => {
  it(`takes one day up to ${dashboardMaxDays} days`, () => {
    const oneDay = { startDate: '2026-03-05', endDate: '2026-03-05' };
    expect(dashboardQuerySchema.parse(oneDay)).toEqual(oneDay);
    // 2024-01-01 .. 2026-01-01 covers 366 + 365 + 1 days.
    const longest = { startDate: '2024-01-01', endDate: '2026-01-01' };
    expect(dashboardQuerySchema.safeParse(longest).success).toBe(true);
  });

  it(`refuses ${dashboardMaxDays + 1} days, on the end date`, () => {
    expect(
      dashboardQuerySchema.safeParse({ startDate: '2024-01-01', endDate: '2026-01-02' }).error
        ?.issues,
    ).toMatchObject([{ message: 'Choose a range of at most 732 days', path: ['endDate'] }]);
  });

  it('refuses malformed and reversed dates with the range messages', () => {
    const messageOfRange = (value: unknown) =>
      dashboardQuerySchema.safeParse(value).error?.issues[0]?.message;
    expect(
      dashboardQuerySchema.safeParse({ startDate: '2026-02-30', endDate: '2030-03-01' }).error
        ?.issues,
    ).toMatchObject([{ message: adMessages.dateFormat, path: ['startDate'] }]);
    expect(messageOfRange({ startDate: '2026-03-01' })).toBe(adMessages.dateFormat);
    expect(messageOfRange({ startDate: '2026-03-02', endDate: '2026-03-01' })).toBe(
      adMessages.dateOrder,
    );
  });
});
