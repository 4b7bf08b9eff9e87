import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { isRobotCheck } from './robot-check.js';
import { readFixture } from './test-server.js';

describe('isRobotCheck', () => {
  it.each(['amazon/captcha.html', 'flipkart/robot-check.html'])(
    'recognises %s',
    async (fixture) => {
      expect(isRobotCheck(load(await readFixture(fixture)))).toBe(true);
    },
  );

  it.each([
    '<title>Just a moment...</title><form id="challenge-form" action="/cdn-cgi/challenge-platform/h/g"></form>',
    '<title>Access check</title><div id="px-captcha"></div>',
    '<h1>Please verify you are a human</h1>',
    "<h2>We need to make sure you're not a robot</h2>",
  ])('recognises other shops\u2019 checks: %s', (html) => {
    expect(isRobotCheck(load(html))).toBe(true);
  });

  it.each([
    'amazon/product.html',
    'flipkart/product.html',
    'myntra/product.html',
    'ajio/product.html',
    'meesho/product.html',
    'generic/json-ld.html',
  ])('lets the product page %s through', async (fixture) => {
    expect(isRobotCheck(load(await readFixture(fixture)))).toBe(false);
  });

  it('does not mistake a product that mentions robots for a robot check', () => {
    const page = `<title>Robot Vacuum Cleaner</title><h1>Robot Vacuum Cleaner</h1>
      <p>Are you a human who hates sweeping? This robot is for you.</p>
      <div class="g-recaptcha" data-sitekey="x"></div>`;
    expect(isRobotCheck(load(page))).toBe(false);
  });
});
