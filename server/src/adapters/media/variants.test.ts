// Images sized for the screen, over HTTP on both dialects and both media stores: /media/<name>
// ?w= answers a resized WebP or the original's format by Accept, made once and then read from
// the store, removed with its item; widths off the list answer 400; a decompression bomb is
// refused at upload before anything decodes it; an SVG is never decoded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deflateSync, crc32 } from 'node:zlib';
import sharp from 'sharp';
import { decryptResponse, type ResponseEnvelope, type UploadFile } from '@dealdesk/core';
import { addImageStory, mediaFiles, signedInClient } from '../../modules/stories/testing.js';
import {
  dialects,
  freshDatabase,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../../testing/harness.js';
import { startS3 } from '../../testing/s3.js';
import { fileFromBytes } from './stored-files.js';

/** A 1200 × 800 photo-like JPEG: a gradient with noise (what a camera gives, not flat colour). */
async function photo(): Promise<Buffer> {
  const [width, height] = [1200, 800];
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let at = 0; at < pixels.length; at += 3) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const [x, y, noise] = [(at / 3) % width, Math.floor(at / 3 / width), seed % 40];
    pixels[at] = (x * 200) / width + noise;
    pixels[at + 1] = (y * 200) / height + noise;
    pixels[at + 2] = ((x + y) % 200) + noise;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A PNG whose header says 50,000 × 50,000 pixels, with a few bytes of data: a bomb. */
function bombPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(50_000, 0);
  header.writeUInt32BE(50_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1_000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000"><rect width="10" height="10"/></svg>',
);

// The server lets sharp decode JPEG, PNG and GIF only (images.ts); this process also reads
// the WebP answers back.
sharp.unblock({ operation: ['VipsForeignLoadWebp'] });

let s3: Awaited<ReturnType<typeof startS3>>;
let original: Buffer;
beforeAll(async () => {
  s3 = await startS3();
  original = await photo();
});
afterAll(() => s3.stop());

const stores = ['the data folder', 'an S3-compatible store'] as const;
const cases = dialects.flatMap((dialect) => stores.map((store) => [dialect, store] as const));

describe.each(cases)('image variants on %s, media in %s', (dialect, store) => {
  let database: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    const s3Settings = store === 'the data folder' ? {} : { s3: await s3.bucket() };
    server = await startTestServer(testConfig(database, s3Settings));
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  const ask = (path: string, accept = 'image/webp,image/*,*/*;q=0.8', more = {}) =>
    fetch(`${server.baseUrl}${path}`, { headers: { accept, ...more } });
  const made = async (format: string) => {
    const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
    const line = text.match(
      new RegExp(`^dealdesk_media_variants_made_total\\{format="${format}"\\} (\\d+)$`, 'm'),
    );
    return Number(line?.[1] ?? 0);
  };
  const upload = async (data: Buffer, name = 'photo.jpg') => {
    const admin = await signedInClient(server);
    const file: UploadFile = {
      name,
      type: name.endsWith('png') ? 'image/png' : 'image/jpeg',
      data,
    };
    return { admin, added: await addImageStory(admin, file) };
  };

  it('answers 400 with the allowed widths for any other w', async () => {
    const { added } = await upload(original);
    for (const w of ['300', 'abc', '', '0x140', '320.0']) {
      const answer = await ask(`${added.data?.image ?? ''}?w=${w}`);
      expect(answer.status).toBe(400);
      const sealed = (await answer.json()) as ResponseEnvelope;
      expect(decryptResponse(sealed, server.config.secret)).toEqual({
        status: false,
        message: 'w must be one of 160, 320, 640, 1080: the width in pixels to resize the image to',
      });
    }
  });

  it('sends a WebP 320 wide where Accept allows it, else a JPEG; made once, kept, removed with its item', async () => {
    const { admin, added } = await upload(original);
    const link = added.data?.image ?? '';
    const first = await ask(`${link}?w=320`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/webp');
    expect(first.headers.get('vary')).toBe('Accept');
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"w320-webp-[^"]+"$/);
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({
      format: 'webp',
      width: 320,
      height: 213,
    });
    expect(bytes.length).toBeLessThan(original.length * 0.15);
    expect(await made('webp')).toBe(1);

    // Served from the store: nothing made again, same bytes, same ETag; 304 when it matches.
    const again = await ask(`${link}?w=320`);
    expect(Buffer.from(await again.arrayBuffer())).toEqual(bytes);
    expect(again.headers.get('etag')).toBe(etag);
    expect((await ask(`${link}?w=320`, 'image/webp', { 'if-none-match': etag })).status).toBe(304);
    const head = await fetch(`${server.baseUrl}${link}?w=320`, {
      method: 'HEAD',
      headers: { accept: 'image/webp' },
    });
    expect([head.status, head.headers.get('content-type')]).toEqual([200, 'image/webp']);
    expect(await made('webp')).toBe(1);

    const jpeg = await ask(`${link}?w=320`, 'image/png,image/*;q=0.8');
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
    expect(jpeg.headers.get('etag')).not.toBe(etag);
    const jpegBytes = Buffer.from(await jpeg.arrayBuffer());
    expect(await sharp(jpegBytes).metadata()).toMatchObject({ format: 'jpeg', width: 320 });
    expect(await made('jpeg')).toBe(1);
    const avif = await ask(`${link}?w=320`, 'image/avif,image/webp,*/*');
    expect(avif.headers.get('content-type')).toBe('image/avif');
    expect((await avif.arrayBuffer()).byteLength).toBeLessThan(original.length * 0.15);
    expect(await made('avif')).toBe(1);

    // Concurrent first asks of one variant make it once.
    const together = await Promise.all(
      Array.from({ length: 6 }, async () =>
        Buffer.from(await (await ask(`${link}?w=640`)).arrayBuffer()),
      ),
    );
    expect(new Set(together.map((answer) => answer.toString('base64'))).size).toBe(1);
    expect(await made('webp')).toBe(2);

    await admin.stories.remove({ id: [added.data?._id ?? ''] });
    for (const accept of ['image/webp', 'image/jpeg']) {
      expect((await ask(`${link}?w=320`, accept)).status).toBe(404);
    }
    expect((await ask(`${link}?w=640`)).status).toBe(404);
  });

  it('never makes an image wider than the original', async () => {
    const small = await sharp(original).resize({ width: 200 }).png().toBuffer();
    const { added } = await upload(small, 'small.png');
    const answer = await ask(`${added.data?.image ?? ''}?w=1080`, 'image/jpeg');
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(answer.headers.get('etag')).toMatch(/^"w1080-png-/);
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 200 });
    expect(await made('png')).toBe(1);
  });

  it('refuses a decompression bomb at upload, before decoding it, and counts it', async () => {
    const before = await mediaFiles(server);
    const { added } = await upload(bombPng(), 'bomb.png');
    expect(added).toMatchObject({
      status: false,
      httpStatus: 413,
      message: 'The image has too many pixels: at most 40 megapixels (width × height) are allowed.',
    });
    expect(await mediaFiles(server)).toEqual(before);
    const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
    expect(text).toContain('dealdesk_media_refused_total{reason="pixels"} 1');
  });

  it('never decodes an SVG, whatever its name says: the original is served as it is', async () => {
    const { media } = server.app.dealdesk.context;
    // A real PNG beside them is resized.
    const { added } = await upload(
      await sharp(original).resize({ width: 400 }).png().toBuffer(),
      'real.png',
    );
    const real = await ask(`${added.data?.image ?? ''}?w=160`);
    expect(real.headers.get('content-type')).toBe('image/webp');
    const before = await made('webp');
    for (const ext of ['svg', 'png']) {
      const link = await media.save(fileFromBytes(svg, ext));
      const answer = await ask(`${new URL(link, server.baseUrl).pathname}?w=320`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('etag') ?? '').not.toMatch(/^"w320/);
      expect(Buffer.from(await answer.arrayBuffer())).toEqual(svg);
    }
    expect(await made('webp')).toBe(before);
  });
});
