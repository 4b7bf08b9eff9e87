import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  blankAsMissing,
  compiledWhenValid,
  flag,
  jsonPart,
  limitShape,
  normaliseLimits,
  numberInput,
  optionalText,
  optionalWebUrl,
  requiredText,
  webUrl,
  wholeNumber,
} from './fields.js';
import { atMost } from './limits.js';
import { textLimits } from './text-limits.js';

/** The first message a schema gives for a value, or null when it accepts it. */
const messageOf = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues[0]?.message ?? null;

describe('compiledWhenValid', () => {
  // Which parser read a value: the compiled one (from `sameWhenValid`) or the runtime's.
  const readBy: string[] = [];
  const word = (reader: string) =>
    z
      .string()
      .regex(/^[a-z]+$/, 'Letters only')
      .transform((text) => {
        readBy.push(reader);
        return text.toUpperCase();
      });
  const schema = compiledWhenValid(word('runtime'), word('compiled'));

  it('reads a good value with the compiled parser alone', () => {
    readBy.length = 0;
    expect(schema.parse('deal')).toBe('DEAL');
    expect(z.array(schema).parse(['a', 'b'])).toEqual(['A', 'B']);
    expect(readBy).toEqual(['compiled', 'compiled', 'compiled']);
  });

  it("answers a refused value with the schema's own issues", () => {
    expect(messageOf(schema, 'Deal 1')).toBe('Letters only');
    expect(messageOf(schema, 5)).toBe('Invalid input: expected string, received number');
  });
});

describe('requiredText', () => {
  const name = requiredText('Enter a name', atMost('Name', 10));

  it('trims the text', () => {
    expect(name.parse('  Deals  ')).toBe('Deals');
  });

  it.each(['', '   ', undefined, null, 5])('refuses %j with the given message', (value) => {
    expect(messageOf(name, value)).toBe('Enter a name');
    expect(name.safeParse(value).error?.issues).toHaveLength(1);
  });

  it('takes its limit, counted after trimming, and names the field when over it', () => {
    expect(name.parse(` ${'a'.repeat(10)} `)).toBe('a'.repeat(10));
    expect(name.safeParse('a'.repeat(11)).error?.issues).toEqual([
      expect.objectContaining({ message: 'Name must be at most 10 characters' }),
    ]);
  });
});

describe('atMost', () => {
  it('writes large limits with their thousands', () => {
    const text = z.string().check(atMost('Text', textLimits.policyText));
    expect(messageOf(text, 'a'.repeat(textLimits.policyText + 1))).toBe(
      'Text must be at most 100,000 characters',
    );
    expect(messageOf(text, 'a'.repeat(textLimits.policyText))).toBeNull();
  });

  it('comes first in the builders, so an oversized text is told its length first', () => {
    const link = webUrl('Enter a valid URL', atMost('URL', 5));
    expect(messageOf(link, 'x'.repeat(6))).toBe('URL must be at most 5 characters');
    expect(messageOf(requiredText('Enter a name', atMost('Name', 3)), ' abcd ')).toBe(
      'Name must be at most 3 characters',
    );
  });
});

describe('blankAsMissing', () => {
  const choice = blankAsMissing(z.enum(['NTV', 'FS']).default('NTV'));

  it.each([
    [undefined, 'NTV'],
    [null, 'NTV'],
    ['', 'NTV'],
    ['FS', 'FS'],
  ])('reads %j as %j', (value, read) => {
    expect(choice.parse(value)).toBe(read);
  });

  it('keeps checking what is given', () => {
    expect(choice.safeParse('native').success).toBe(false);
  });
});

describe('optionalText', () => {
  it.each([
    [undefined, ''],
    [null, ''],
    ['  x ', 'x'],
  ])('reads %j as %j', (value, text) => {
    expect(optionalText(atMost('Note', 3)).parse(value)).toBe(text);
  });

  it('refuses a text over its limit', () => {
    expect(messageOf(optionalText(atMost('Note', 3)), 'abcd')).toBe(
      'Note must be at most 3 characters',
    );
  });
});

describe('webUrl and optionalWebUrl', () => {
  const limit = atMost('URL', textLimits.url);
  const url = webUrl('Enter a valid URL', limit);
  const optional = optionalWebUrl('Enter a valid URL', limit);

  it.each(['https://shop.example.com/p?id=1', 'http://localhost:8080/x', ' https://a.in '])(
    'accepts %j',
    (value) => {
      expect(url.parse(value)).toBe(value.trim());
      expect(optional.parse(value)).toBe(value.trim());
    },
  );

  it.each(['', 'shop.example.com', 'javascript:alert(1)', 'ftp://files.example.com', 'https://'])(
    'refuses %j',
    (value) => {
      expect(messageOf(url, value)).toBe('Enter a valid URL');
    },
  );

  it('lets the optional link be left out, blank or null', () => {
    expect(optional.parse(undefined)).toBe('');
    expect(optional.parse(null)).toBe('');
    expect(optional.parse('  ')).toBe('');
    expect(messageOf(optional, 'not a link')).toBe('Enter a valid URL');
  });

  it('takes links of up to 2,048 characters', () => {
    const longest = `https://shop.example/${'p'.repeat(textLimits.url - 21)}`;
    expect(url.parse(longest)).toBe(longest);
    expect(optional.parse(longest)).toBe(longest);
    for (const schema of [url, optional]) {
      expect(messageOf(schema, `${longest}p`)).toBe('URL must be at most 2,048 characters');
    }
  });

  it('says a blank link was left blank when asked to', () => {
    const required = webUrl('Enter a valid URL', limit, 'Enter a URL');
    expect(messageOf(required, '  ')).toBe('Enter a URL');
    expect(required.safeParse('').error?.issues).toHaveLength(1);
    expect(messageOf(required, 'nope')).toBe('Enter a valid URL');
  });
});

describe('numberInput and wholeNumber', () => {
  it('reads numbers typed as text', () => {
    expect(numberInput('Enter a number').parse(' 2.5 ')).toBe(2.5);
    expect(numberInput('Enter a number').parse(7)).toBe(7);
  });

  it('treats blank text as missing, so a default applies', () => {
    const storyTime = numberInput('Enter a number', { fallback: 10 });
    expect(storyTime.parse('')).toBe(10);
    expect(storyTime.parse(undefined)).toBe(10);
    expect(storyTime.parse('0')).toBe(0);
    expect(messageOf(numberInput('Enter a number'), '')).toBe('Enter a number');
  });

  it('refuses what is not a number', () => {
    expect(messageOf(numberInput('Enter a number'), 'ten')).toBe('Enter a number');
    expect(messageOf(numberInput('Enter a number'), true)).toBe('Enter a number');
  });

  it('applies its own checks', () => {
    const odd = numberInput('Enter a number', {
      checks: (n) => n.refine((v) => v % 2 === 1, 'odd'),
    });
    expect(odd.parse('3')).toBe(3);
    expect(messageOf(odd, '4')).toBe('odd');
  });

  it('wholeNumber keeps within its range with one message', () => {
    const amount = wholeNumber('Enter only positive numbers');
    expect(amount.parse('0')).toBe(0);
    expect(amount.parse(42)).toBe(42);
    for (const bad of ['-1', -1, '1.5', 'x']) {
      expect(messageOf(amount, bad)).toBe('Enter only positive numbers');
    }
    const page = wholeNumber('bad page', { min: 1, max: 3 });
    expect(page.parse('1')).toBe(1);
    expect(page.parse('3')).toBe(3);
    expect(messageOf(page, '0')).toBe('bad page');
    expect(messageOf(page, '4')).toBe('bad page');
    expect(wholeNumber('bad page', { min: 1, fallback: 1 }).parse('')).toBe(1);
  });
});

describe('flag', () => {
  it.each([
    [true, true],
    [false, false],
    ['true', true],
    ['false', false],
  ])('reads %j as %j', (value, read) => {
    expect(flag().parse(value)).toBe(read);
  });

  it.each(['yes', '1', 1, null, undefined])('refuses %j', (value) => {
    expect(messageOf(flag('Status must be true or false'), value)).toBe(
      'Status must be true or false',
    );
  });
});

describe('jsonPart', () => {
  const insertData = jsonPart(z.object({ name: z.string() }), 'insertData');

  it('reads JSON text, as a multipart body carries it', () => {
    expect(insertData.parse('{"name":"Diwali"}')).toEqual({ name: 'Diwali' });
  });

  it('takes the object itself, as a form builds it', () => {
    expect(insertData.parse({ name: 'Diwali' })).toEqual({ name: 'Diwali' });
  });

  it('names the part when its text is not JSON', () => {
    expect(messageOf(insertData, '{name:')).toBe('insertData must be valid JSON');
  });

  it('still validates the parsed object', () => {
    expect(insertData.safeParse('{"name":3}').success).toBe(false);
  });
});

describe('limit fields', () => {
  const limits = z.object(limitShape).transform(normaliseLimits);
  const none = { maxviewLimit: 0, maxviewStatus: false, maxclickLimit: 0, maxclickStatus: false };

  it('leaves everything off when nothing is given', () => {
    expect(limits.parse({})).toEqual(none);
  });

  it('keeps a view limit and clears the click side', () => {
    expect(limits.parse({ maxviewLimit: '100', maxviewStatus: 'true', maxclickLimit: 5 })).toEqual({
      maxviewLimit: 100,
      maxviewStatus: true,
      maxclickLimit: 0,
      maxclickStatus: false,
    });
  });

  it('lets Click win when both statuses are set', () => {
    expect(
      limits.parse({
        maxviewLimit: 100,
        maxviewStatus: true,
        maxclickLimit: 7,
        maxclickStatus: true,
      }),
    ).toEqual({ maxviewLimit: 0, maxviewStatus: false, maxclickLimit: 7, maxclickStatus: true });
  });

  it('clears a limit whose status is off', () => {
    expect(limits.parse({ maxviewLimit: 100 })).toEqual(none);
  });

  it('counts a non-numeric maximum as 0', () => {
    expect(limits.parse({ maxviewLimit: 'many', maxviewStatus: true })).toMatchObject({
      maxviewLimit: 0,
      maxviewStatus: true,
    });
  });

  it('refuses a maximum typed longer than any number', () => {
    expect(limits.parse({ maxviewLimit: `${'0'.repeat(29)}5`, maxviewStatus: true })).toMatchObject(
      { maxviewLimit: 5 },
    );
    expect(messageOf(limits, { maxviewLimit: 'many '.repeat(10), maxviewStatus: true })).toBe(
      'Maximum views and clicks must be at most 30 characters',
    );
  });

  it.each([-1, '-1', 2.5])('refuses the maximum %j', (maxclickLimit) => {
    expect(messageOf(limits, { maxclickLimit, maxclickStatus: true })).toBe(
      'Maximum views and clicks must be whole numbers, 0 or more',
    );
  });
});
