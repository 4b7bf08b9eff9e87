import { describe, expect, it } from 'vitest';
import { buildDailySeries, comparedDailySeries, dailyCountTooltip } from './daily-series.js';

describe('buildDailySeries', () => {
  it('sums counts per day and sorts days by date, not by dd/mm/yyyy text', () => {
    const series = buildDailySeries([
      { createdAt: '2026-02-03T10:00:00Z', count: 2 },
      { createdAt: '2026-01-15T10:00:00Z', count: 5 },
      { createdAt: '2026-02-03T11:00:00Z', count: 3 },
      { createdAt: '2025-12-20T10:00:00Z', count: 1 },
    ]);
    // As text, '03/02/2026' < '15/01/2026' < '20/12/2025': the reverse of the calendar.
    expect(series).toEqual({
      dates: ['20/12/2025', '15/01/2026', '03/02/2026'],
      counts: [1, 5, 5],
    });
  });

  it('groups instants by their business day: 18:30 UTC is the next day in Kolkata', () => {
    const records = [
      { createdAt: '2026-02-10T18:29:59Z', count: 1 },
      { createdAt: '2026-02-10T18:30:00Z', count: 4 },
      { createdAt: '2026-02-11T10:00:00Z', count: 2 },
    ];
    expect(buildDailySeries(records)).toEqual({
      dates: ['10/02/2026', '11/02/2026'],
      counts: [1, 6],
    });
    expect(buildDailySeries(records, 'UTC')).toEqual({
      dates: ['10/02/2026', '11/02/2026'],
      counts: [5, 2],
    });
  });

  it('takes a bare yyyy-mm-dd day as that day in any zone', () => {
    const records = [
      { createdAt: '2026-02-10', count: 3 },
      { createdAt: '2026-02-09', count: 1 },
    ];
    expect(buildDailySeries(records, 'America/New_York')).toEqual({
      dates: ['09/02/2026', '10/02/2026'],
      counts: [1, 3],
    });
  });

  it('leaves out records whose createdAt cannot be read', () => {
    expect(
      buildDailySeries([
        { createdAt: 'yesterday', count: 9 },
        { createdAt: '2026-02-30', count: 9 },
        { createdAt: '2026-02-10', count: 2 },
      ]),
    ).toEqual({ dates: ['10/02/2026'], counts: [2] });
  });

  it('keeps a day whose counts sum to zero', () => {
    expect(buildDailySeries([{ createdAt: '2026-02-10', count: 0 }])).toEqual({
      dates: ['10/02/2026'],
      counts: [0],
    });
  });

  it('gives no series for an empty, absent or unreadable list', () => {
    expect(buildDailySeries([])).toBeNull();
    expect(buildDailySeries(undefined)).toBeNull();
    expect(buildDailySeries(null)).toBeNull();
    expect(buildDailySeries([{ createdAt: 'nope', count: 1 }])).toBeNull();
  });
});

describe('dailyCountTooltip', () => {
  it('reads the spec wording for both series', () => {
    expect(dailyCountTooltip(12, '10/02/2026')).toBe('12 Clicks on 10/02/2026');
    expect(dailyCountTooltip(0, '01/01/2026')).toBe('0 Clicks on 01/01/2026');
  });
});

describe('comparedDailySeries', () => {
  const records = (...days: [string, number][]) =>
    days.map(([day, count]) => ({ createdAt: day, count }));

  it('puts every day of the range beside the same day of the compared period', () => {
    const series = comparedDailySeries(
      {
        records: records(['2026-03-02', 4]),
        range: { startDate: '2026-03-01', endDate: '2026-03-31' },
      },
      {
        records: records(['2026-02-02', 3], ['2026-02-28', 1]),
        range: { startDate: '2026-02-01', endDate: '2026-02-28' },
      },
    );
    expect(series?.dates).toHaveLength(31);
    expect(series?.dates.slice(0, 2)).toEqual(['01/03/2026', '02/03/2026']);
    expect(series?.counts.slice(0, 3)).toEqual([0, 4, 0]);
    // February is three days shorter: no previous point past its end.
    expect(series?.previous?.slice(0, 2)).toEqual([0, 3]);
    expect(series?.previous?.slice(27)).toEqual([1, null, null, null]);
  });

  it('is null when the range has nothing, whatever the compared period had', () => {
    const range = { startDate: '2026-03-01', endDate: '2026-03-01' };
    const before = { records: records(['2026-02-28', 9]), range };
    expect(comparedDailySeries({ records: [], range }, before)).toBeNull();
  });
});
