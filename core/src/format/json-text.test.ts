import { describe, expect, it } from 'vitest';
import { jsonOf, JsonText } from './json-text.js';

describe('jsonOf', () => {
  it('writes what JSON.stringify writes when the answer holds no JsonText', () => {
    for (const payload of [
      { status: true, message: 'ok', data: [{ a: 1 }], skipped: undefined },
      [1, 'two'],
      'text',
      null,
    ])
      expect(jsonOf(payload)).toBe(JSON.stringify(payload));
    expect(jsonOf(undefined)).toBe('null');
  });

  it('copies top-level JsonText in as written, the other fields as JSON.stringify would', () => {
    const text = jsonOf({
      status: true,
      message: 'Say "hi"',
      data: new JsonText('[{"_id":"a","view":1}]'),
      missing: undefined,
      totalRecord: 1,
    });
    expect(text).toBe(
      '{"status":true,"message":"Say \\"hi\\"","data":[{"_id":"a","view":1}],"totalRecord":1}',
    );
    expect(JSON.parse(text)).toEqual({
      status: true,
      message: 'Say "hi"',
      data: [{ _id: 'a', view: 1 }],
      totalRecord: 1,
    });
  });
});
