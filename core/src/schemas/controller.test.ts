import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { placementFields, placementModes } from '../entities/controller.js';
import {
  afterSplashChangeSchema,
  controllerMessages,
  controllerPositionSchema,
  controllerStatusSchema,
  facebookChangeSchema,
  installNewSchema,
  intentControlChangeSchema,
  placementChangeSchema,
} from './controller.js';

const messageOf = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues[0]?.message ?? null;

describe('controllerStatusSchema', () => {
  it('takes a known switch and a boolean', () => {
    expect(controllerStatusSchema.parse({ name: 'storyVideo', status: true })).toEqual({
      name: 'storyVideo',
      status: true,
    });
    expect(controllerStatusSchema.parse({ name: 'installNew', status: 'false' }).status).toBe(
      false,
    );
  });

  it('refuses an unknown switch or a status that is not a boolean', () => {
    expect(messageOf(controllerStatusSchema, { name: 'ntvTiming', status: true })).toBe(
      controllerMessages.unknownSwitch,
    );
    expect(messageOf(controllerStatusSchema, { name: 'banner', status: 1 })).toBe(
      'Status must be true or false',
    );
  });
});

describe('controllerPositionSchema', () => {
  const check = (name: string, value: unknown) =>
    messageOf(controllerPositionSchema, { name, value });

  it.each([
    [0, 'Starting position must be 1 or more'],
    [1, null],
    [9, null],
    [10, 'Ending position max 10'],
  ])('story ad position %j: %j', (value, message) => {
    expect(check('storyAdsPosition', value)).toBe(message);
  });

  it.each([
    [-1, 'Starting NTV Intend Timer must be 0 or more'],
    [0, null],
    [19, null],
    [20, 'Ending NTV Intend Timer max 20'],
  ])('NTV timer %j: %j', (value, message) => {
    expect(check('ntvTiming', value)).toBe(message);
  });

  it.each([
    [-1, 'Position must be an odd number Ex. 1, 3, 5 ...'],
    [0, 'Position must be an odd number Ex. 1, 3, 5 ...'],
    [1, null],
    [2, 'Position must be an odd number Ex. 1, 3, 5 ...'],
    [3, null],
    [21, null],
  ])('product NTV position %j: %j', (value, message) => {
    expect(check('productNtvPosition', value)).toBe(message);
  });

  it('reads a value typed as text', () => {
    expect(controllerPositionSchema.parse({ name: 'ntvTiming', value: '5' })).toEqual({
      name: 'ntvTiming',
      value: 5,
    });
  });

  it('refuses values that are not whole numbers', () => {
    expect(check('storyAdsPosition', '')).toBe('Enter a whole number');
    expect(check('storyAdsPosition', 'x')).toBe('Enter a whole number');
    expect(check('storyAdsPosition', 2.5)).toBe('Enter a whole number');
  });

  it('refuses an unknown position', () => {
    expect(check('banner', 1)).toBe(controllerMessages.unknownPosition);
  });
});

describe('afterSplashChangeSchema', () => {
  it('takes every placement mode, INHOUSE_FS included, and drops any field sent along', () => {
    for (const name of placementModes) {
      expect(afterSplashChangeSchema.parse({ name })).toEqual({ name });
    }
    expect(afterSplashChangeSchema.parse({ field: 'defaultIntent', name: 'FS' })).toEqual({
      name: 'FS',
    });
  });

  it('refuses an unknown or missing mode', () => {
    expect(messageOf(afterSplashChangeSchema, { name: 'fs' })).toBe(controllerMessages.unknownMode);
    expect(messageOf(afterSplashChangeSchema, {})).toBe(controllerMessages.unknownMode);
  });
});

describe('placementChangeSchema', () => {
  it('takes every mode for every field but defaultIntent', () => {
    for (const field of placementFields.filter((f) => f !== 'defaultIntent')) {
      for (const name of placementModes) {
        expect(placementChangeSchema.parse({ field, name })).toEqual({ field, name });
      }
    }
  });

  it('refuses INHOUSE_FS for defaultIntent only', () => {
    expect(placementChangeSchema.parse({ field: 'defaultIntent', name: 'URL' }).name).toBe('URL');
    const issue = placementChangeSchema.safeParse({ field: 'defaultIntent', name: 'INHOUSE_FS' })
      .error?.issues[0];
    expect(issue).toMatchObject({
      message: 'The default intent cannot use INHOUSE_FS',
      path: ['name'],
    });
  });

  it('refuses an unknown field or mode', () => {
    expect(messageOf(placementChangeSchema, { field: 'storyVideo', name: 'OFF' })).toBe(
      controllerMessages.unknownField,
    );
    expect(messageOf(placementChangeSchema, { field: 'afterIntroAds', name: 'off' })).toBe(
      controllerMessages.unknownMode,
    );
  });
});

describe('intentControlChangeSchema', () => {
  it.each(['BOTH', 'FORWORD', 'BACKWORD'])('takes %s', (intentControl) => {
    expect(intentControlChangeSchema.parse({ intentControl })).toEqual({ intentControl });
  });

  it('refuses the corrected spelling', () => {
    expect(messageOf(intentControlChangeSchema, { intentControl: 'FORWARD' })).toBe(
      'intentControl must be one of BOTH, FORWORD, BACKWORD',
    );
  });
});

describe('facebookChangeSchema', () => {
  it('needs both values', () => {
    expect(
      facebookChangeSchema.parse({ facebook_app_id: ' 123 ', facebook_client_token: 'abc' }),
    ).toEqual({ facebook_app_id: '123', facebook_client_token: 'abc' });
    expect(messageOf(facebookChangeSchema, { facebook_client_token: 'abc' })).toBe(
      'Enter the Facebook app ID',
    );
    expect(
      messageOf(facebookChangeSchema, { facebook_app_id: '1', facebook_client_token: ' ' }),
    ).toBe('Enter the Facebook client token');
  });
});

describe('installNewSchema', () => {
  it('needs a valid link', () => {
    expect(installNewSchema.parse({ btn_url: 'https://play.google.com/x' })).toEqual({
      btn_url: 'https://play.google.com/x',
    });
    expect(messageOf(installNewSchema, { btn_url: 'play store' })).toBe('Enter a valid URL');
  });
});
