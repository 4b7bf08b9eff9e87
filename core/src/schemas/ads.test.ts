import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  adCountsClearSchema,
  adItemPathSchema,
  adMessages,
  adUnitAddSchema,
  adUnitTypeSchema,
  adUnitUpdateSchema,
  dateRangeQuerySchema,
  webAdAddSchema,
  webAdUpdateSchema,
} from './ads.js';

const issueOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0];
const messageOf = (schema: z.ZodType, value: unknown) => issueOf(schema, value)?.message ?? null;

describe('adUnitAddSchema', () => {
  it('removes every space from the name and the id, as the spec does, and trims the description', () => {
    expect(
      adUnitAddSchema.parse({
        a_name: ' Home Native Top ',
        a_id: 'ca-app-pub-123 / 456\t',
        a_description: ' Shown on the home screen ',
      }),
    ).toEqual({
      a_name: 'HomeNativeTop',
      a_id: 'ca-app-pub-123/456',
      a_description: 'Shown on the home screen',
    });
  });

  it.each(['a_name', 'a_id', 'a_description'])('needs a %s that is not blank', (field) => {
    const ad = { a_name: 'n', a_id: 'i', a_description: 'd', [field]: '   ' };
    expect(messageOf(adUnitAddSchema, ad)).toBe('Please fill all the fields');
  });

  it('needs every field present', () => {
    expect(messageOf(adUnitAddSchema, {})).toBe('Please fill all the fields');
  });
});

describe('webAdAddSchema', () => {
  it('takes the ad URL as its id, with its spaces removed', () => {
    expect(
      webAdAddSchema.parse({
        a_name: 'Deal Site',
        a_id: ' https://deals.example.com/ a ',
        a_description: 'd',
      }),
    ).toEqual({ a_name: 'DealSite', a_id: 'https://deals.example.com/a', a_description: 'd' });
  });

  it('needs a real URL', () => {
    expect(messageOf(webAdAddSchema, { a_name: 'n', a_id: 'deals', a_description: 'd' })).toBe(
      'Enter a valid ad URL',
    );
    expect(messageOf(webAdAddSchema, { a_name: 'n', a_id: ' ', a_description: 'd' })).toBe(
      'Please fill all the fields',
    );
  });
});

describe('ad updates', () => {
  it('change only the id and the description', () => {
    expect(
      adUnitUpdateSchema.parse({ a_name: 'ignored', a_id: 'a-b', a_description: ' d e ' }),
    ).toEqual({
      a_id: 'a-b',
      a_description: 'd e',
    });
    expect(messageOf(adUnitUpdateSchema, { a_id: 'x', a_description: '' })).toBe(
      'Please fill all the fields',
    );
  });

  it('keep the URL rule for web ads', () => {
    expect(messageOf(webAdUpdateSchema, { a_id: 'deals', a_description: 'd' })).toBe(
      'Enter a valid ad URL',
    );
  });
});

describe('adUnitTypeSchema', () => {
  it.each(['native', 'fullScreen', 'banner', 'open', 'reward'])('takes %s', (type) => {
    expect(adUnitTypeSchema.parse({ type })).toEqual({ type });
  });

  it('refuses others', () => {
    expect(messageOf(adUnitTypeSchema, { type: 'webads' })).toBe(adMessages.unknownType);
  });
});

describe('dateRangeQuerySchema', () => {
  it('takes a range of days, one day included', () => {
    expect(dateRangeQuerySchema.parse({ startDate: '2026-01-01', endDate: '2026-01-31' })).toEqual({
      startDate: '2026-01-01',
      endDate: '2026-01-31',
    });
    expect(
      dateRangeQuerySchema.safeParse({ startDate: '2026-03-05', endDate: '2026-03-05' }).success,
    ).toBe(true);
  });

  it.each([
    [{ startDate: '2026-1-1', endDate: '2026-01-31' }],
    [{ startDate: '2026-02-30', endDate: '2026-03-01' }],
    [{ startDate: '01/01/2026', endDate: '2026-01-31' }],
    [{ endDate: '2026-01-31' }],
  ])('refuses %j', (range) => {
    expect(messageOf(dateRangeQuerySchema, range)).toBe(
      'Dates must be real dates in yyyy-mm-dd format',
    );
  });

  it('refuses an end before the start', () => {
    expect(
      issueOf(dateRangeQuerySchema, { startDate: '2026-02-01', endDate: '2026-01-31' }),
    ).toMatchObject({
      message: 'The start date must be on or before the end date',
      path: ['endDate'],
    });
  });
});

describe('adMessages', () => {
  it("keeps the spec's 'Ads Not Availale'", () => {
    expect(adMessages.adsNotAvailable).toBe('Ads Not Availale');
  });
});

describe('ad item ids of the count-clearing calls', () => {
  const id = '65f1c2a9e4b0a1b2c3d4e5f6';
  const other = '65f1c2a9e4b0a1b2c3d4e5f7';

  it('cut a web-source id at its first ampersand', () => {
    expect(adItemPathSchema.parse({ id: `${id}&adsType=web&q=x` })).toEqual({ id });
    expect(adItemPathSchema.parse({ id })).toEqual({ id });
    expect(adCountsClearSchema.parse({ id: [`${id}&adsType=web`, other, id] })).toEqual({
      id: [id, other],
    });
  });

  it('still refuse what is no id before the ampersand', () => {
    expect(messageOf(adItemPathSchema, { id: '&adsType=web' })).toBe('Invalid id');
    expect(messageOf(adItemPathSchema, { id: 'nope&adsType=web' })).toBe('Invalid id');
    expect(messageOf(adItemPathSchema, { id: 42 })).toBe('Invalid id');
  });

  it("answer 'Ads Not Availale' when no ads are listed", () => {
    expect(messageOf(adCountsClearSchema, { id: [] })).toBe('Ads Not Availale');
    expect(messageOf(adCountsClearSchema, {})).toBe('Ads Not Availale');
  });
});
