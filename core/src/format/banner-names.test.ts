import { describe, expect, it } from 'vitest';
import { truncateBannerName } from './banner-names.js';

describe('truncateBannerName', () => {
  it('keeps a name of up to 20 characters unchanged', () => {
    expect(truncateBannerName('')).toBe('');
    expect(truncateBannerName('Summer Sale')).toBe('Summer Sale');
    expect(truncateBannerName('12345678901234567890')).toBe('12345678901234567890');
  });

  it('cuts a longer name to 20 characters plus ...', () => {
    expect(truncateBannerName('123456789012345678901')).toBe('12345678901234567890...');
    expect(truncateBannerName('Diwali Mega Sale on every phone')).toBe('Diwali Mega Sale on ...');
  });

  it('counts an emoji as one character and never cuts it in half', () => {
    const nineteenAndEmoji = `${'a'.repeat(19)}🎉`;
    expect(truncateBannerName(nineteenAndEmoji)).toBe(nineteenAndEmoji);
    expect(truncateBannerName(`${nineteenAndEmoji}🎉`)).toBe(`${nineteenAndEmoji}...`);
  });
});
