// sharp as this server uses it, set up once per process: only the JPEG, PNG and GIF decoders
// may run (an SVG, a PDF or any other format sharp knows is never decoded, whatever its name
// says); no libvips cache (each original is resized a few times, then its variants are kept);
// one thread per resize, so a resize never takes both cores from the answers.
import sharp from 'sharp';

sharp.block({ operation: ['VipsForeignLoad'] });
sharp.unblock({ operation: ['VipsForeignLoadJpeg', 'VipsForeignLoadPng', 'VipsForeignLoadNsgif'] });
sharp.cache(false);
sharp.concurrency(1);

/**
 * The pixels (width × height) an uploaded image's header says it has, read without decoding
 * it; null when sharp cannot read the header (the upload keeps its magic-number check).
 */
export async function pixelsOf(path: string): Promise<number | null> {
  try {
    const { width, height } = await sharp(path, { limitInputPixels: false }).metadata();
    return width * height;
  } catch {
    return null;
  }
}

export { sharp };
