// Uploaded photos sized for the screen: GET /media/<name>?w=<width> answers the original
// resized to that width (never wider than it is) in AVIF or WebP when Accept allows, else in
// its own format. Each (name, width, format) is made once with sharp and kept on the store's
// variant shelf; the store removes them with the original. Only JPEG and PNG are ever decoded
// (their magic numbers checked again first): SVG, GIF, video or anything else is served as it is.
import type { Sharp } from 'sharp';
import { sharp } from './images.js';

export type VariantFormat = 'avif' | 'webp' | 'jpeg' | 'png';

/** The extension a variant of each format is kept under. */
const extensionOf: Record<VariantFormat, string> = {
  avif: 'avif',
  webp: 'webp',
  jpeg: 'jpg',
  png: 'png',
};

type OwnFormat = 'jpeg' | 'png';

/** The originals that have variants, by their name's extension (which their bytes gave). */
const ownFormats: Partial<Record<string, OwnFormat>> = { jpg: 'jpeg', jpeg: 'jpeg', png: 'png' };
const ownFormatOf = (name: string) =>
  ownFormats[name.slice(name.lastIndexOf('.') + 1).toLowerCase()];

/** The formats an original's variants may take: both modern ones, then its own; none for others. */
const formatsOf = (name: string): VariantFormat[] => {
  const own = ownFormatOf(name);
  return own === undefined ? [] : ['avif', 'webp', own];
};

const magicNumbers: Record<OwnFormat, Buffer> = {
  jpeg: Buffer.from([0xff, 0xd8, 0xff]),
  png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
};

/** A kept variant: its bytes and a tag that changes whenever they would (size, time). */
export interface KeptVariant {
  bytes: Buffer;
  tag: string;
}

/** Where a store keeps variants, apart from the originals (a folder, a key prefix). */
export interface VariantShelf {
  get(key: string): Promise<KeptVariant | null>;
  put(key: string, bytes: Buffer, type: string): Promise<KeptVariant>;
  /** The original's bytes; null when there is none of that name. */
  original(name: string): Promise<Buffer | null>;
  /** Removes every variant kept of an original. */
  drop(name: string): Promise<void>;
}

/** The shelf key of one variant: a folder (or prefix) per original. */
const variantKey = (name: string, width: number, format: VariantFormat) =>
  `${name}/${width}.${extensionOf[format]}`;

/** Whether Accept names this image type outright, with a q above 0. */
function accepts(accept: string, type: string): boolean {
  return accept.split(',').some((range) => {
    const [media = '', ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    return media === type && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/**
 * The format sent for an Accept: AVIF, then WebP, where named outright (a wildcard does not
 * promise either), else the original's own (the last of its formats).
 */
function chosenFormat(formats: VariantFormat[], accept: string): VariantFormat {
  const own = formats[formats.length - 1] ?? 'jpeg';
  return formats.find((format) => format !== own && accepts(accept, `image/${format}`)) ?? own;
}

export const variantTypes: Record<VariantFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** Encoder settings: AVIF at effort 0 (bench/app/images.mjs: higher efforts cost 2-50x the CPU). */
function encode(image: Sharp, format: VariantFormat): Sharp {
  if (format === 'avif') return image.avif({ quality: 50, effort: 0 });
  if (format === 'webp') return image.webp({ quality: 75 });
  if (format === 'jpeg') return image.jpeg({ quality: 80 });
  return image.png({ compressionLevel: 9 });
}

export interface VariantAnswer extends KeptVariant {
  format: VariantFormat;
}

/**
 * The variant maker: `variant(name, width, accept)` answers the kept variant, making it first
 * when there is none (concurrent first asks wait for one making); null when the original is
 * missing, not a JPEG or PNG, or cannot be decoded: then the original is served as it is.
 */
export function mediaVariants(
  shelf: VariantShelf,
  options: { maxPixels: number; onMade(format: VariantFormat): void },
) {
  const making = new Map<string, Promise<VariantAnswer | null>>();

  async function make(
    name: string,
    width: number,
    format: VariantFormat,
    key: string,
  ): Promise<VariantAnswer | null> {
    const own = ownFormatOf(name);
    const original = await shelf.original(name);
    if (original === null || own === undefined) return null;
    // Decoded only when its bytes say what its name does (never an SVG under a .png name).
    if (!original.subarray(0, magicNumbers[own].length).equals(magicNumbers[own])) return null;
    const resized = sharp(original, { limitInputPixels: options.maxPixels, failOn: 'error' })
      .rotate()
      .resize({ width, withoutEnlargement: true });
    const bytes = await encode(resized, format)
      .toBuffer()
      .catch(() => null);
    if (bytes === null) return null;
    const kept = await shelf.put(key, bytes, variantTypes[format]);
    options.onMade(format);
    return { ...kept, format };
  }

  return async function variant(
    name: string,
    width: number,
    accept: string,
  ): Promise<VariantAnswer | null> {
    const formats = formatsOf(name);
    if (formats.length === 0) return null;
    const format = chosenFormat(formats, accept);
    const key = variantKey(name, width, format);
    const kept = await shelf.get(key);
    if (kept !== null) return { ...kept, format };
    let made = making.get(key);
    if (made === undefined) {
      made = make(name, width, format, key).finally(() => making.delete(key));
      making.set(key, made);
    }
    return made;
  };
}

export type MediaVariants = ReturnType<typeof mediaVariants>;
