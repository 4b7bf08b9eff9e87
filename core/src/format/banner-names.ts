import { bannerNameMaxChars } from '../constants.js';

/**
 * A banner name as the list shows it: the first 20 characters plus '...' when longer,
 * unchanged up to exactly 20. Characters are code points, so an emoji is never cut in half.
 */
export function truncateBannerName(name: string): string {
  const characters = Array.from(name);
  return characters.length > bannerNameMaxChars
    ? `${characters.slice(0, bannerNameMaxChars).join('')}...`
    : name;
}
