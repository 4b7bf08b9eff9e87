import type { CheerioAPI } from 'cheerio';

// Read only from the title and headings, where a robot-check page states its purpose; a
// product page may well mention captchas or robots further down (a review form, a toy robot).
const robotCheckWording = [
  /enter the characters you see below/i, // Amazon
  /are you a human/i, // Flipkart and others
  /verify (?:that )?you are (?:a )?human/i,
  /(?:make sure|confirm|prove) (?:that )?you(?:'|’)?re not a robot/i,
  /^just a moment\.*$/i, // Cloudflare's challenge page title
  /captcha/i,
];

/** Amazon's captcha form, Cloudflare's challenge and PerimeterX's press-and-hold box. */
const robotCheckMarkup = 'form[action*="validateCaptcha"], #challenge-form, #px-captcha';

/** True when the shop answered with a robot check (captcha) instead of the product page. */
export function isRobotCheck($: CheerioAPI): boolean {
  if ($(robotCheckMarkup).length > 0) return true;
  return $('title, h1, h2, h3, h4')
    .toArray()
    .some((element) => {
      const text = $(element).text().replace(/\s+/g, ' ').trim();
      return robotCheckWording.some((wording) => wording.test(text));
    });
}
