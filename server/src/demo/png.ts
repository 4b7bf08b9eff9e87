// Small real PNG images made in code, so the demo needs no image files in the repository:
// a diagonal gradient between two colours with a light band across, RGB, 8 bits per channel.
import { crc32, deflateSync } from 'node:zlib';
import type { CheckedFile } from '../http/uploads.js';
import { fileFromBytes } from '../adapters/media/stored-files.js';

export type Rgb = readonly [number, number, number];
/** The gradient's two ends. */
export type Colours = readonly [Rgb, Rgb];

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, checksum]);
}

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function gradientPng(width: number, height: number, from: Rgb, to: Rgb): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit depth, RGB, deflate, no filter method, no interlace
  const rowBytes = 1 + width * 3;
  const pixels = Buffer.alloc(rowBytes * height);
  for (let y = 0; y < height; y += 1) {
    pixels[y * rowBytes] = 0; // filter: none
    const band = Math.abs(y - height / 2) < height / 10;
    for (let x = 0; x < width; x += 1) {
      const mix = (x / width + y / height) / 2;
      for (let channel = 0; channel < 3; channel += 1) {
        const value = (from[channel] ?? 0) * (1 - mix) + (to[channel] ?? 0) * mix;
        pixels[y * rowBytes + 1 + x * 3 + channel] = band ? 255 - (255 - value) / 3 : value;
      }
    }
  }
  return Buffer.concat([
    pngSignature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A generated image as the services take an upload that passed its checks. */
export function pngFile([from, to]: Colours, width: number, height: number): CheckedFile {
  return { ...fileFromBytes(gradientPng(width, height, from, to), 'png'), mime: 'image/png' };
}
