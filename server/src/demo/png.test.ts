import { fileTypeFromBuffer } from 'file-type';
import { describe, expect, it } from 'vitest';
import { inflateSync } from 'node:zlib';
import { gradientPng } from './png.js';

describe('gradientPng', () => {
  const png = gradientPng(40, 20, [255, 0, 0], [0, 0, 255]);

  it('is a PNG by its bytes, as uploads are checked', async () => {
    expect(await fileTypeFromBuffer(png)).toEqual({ ext: 'png', mime: 'image/png' });
  });

  it('holds the size asked and one filtered row per line of pixels', () => {
    const bytes = Buffer.from(png);
    expect(bytes.readUInt32BE(16)).toBe(40);
    expect(bytes.readUInt32BE(20)).toBe(20);
    const idatLength = bytes.readUInt32BE(33);
    expect(bytes.toString('ascii', 37, 41)).toBe('IDAT');
    const pixels = inflateSync(bytes.subarray(41, 41 + idatLength));
    expect(pixels.length).toBe(20 * (1 + 40 * 3));
    // The top left corner has the first colour.
    expect([...pixels.subarray(1, 4)]).toEqual([255, 0, 0]);
  });
});
