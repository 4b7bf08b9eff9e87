// File rules of every upload slot. Forms and the CLI check a file's name, type and size with
// these; the server checks the bytes (magic numbers) against the same extension and size
// tables and answers with the same messages.
import { z } from 'zod';
import {
  bannerImageExtensions,
  categoryImageExtensions,
  categoryImageMaxBytes,
  imageExtensions,
  imageMaxBytes,
  notificationIconExtensions,
  productImageExtensions,
  shortcutImageExtensions,
  videoExtensions,
  videoMaxBytes,
} from '../constants.js';

/** What the rules need of a file: a browser File, or what the server knows of an upload. */
export interface FileLike {
  name: string;
  size: number;
  /** MIME type when known; '' or absent is not held against the file. */
  type?: string;
}

/** What one upload slot accepts, with the spec's messages. */
export interface UploadRule {
  extensions: readonly string[];
  maxBytes: number;
  typeMessage: string;
  sizeMessage: string;
}

/** The spec's upload messages, verbatim. */
export const uploadMessages = {
  imageType: 'Please select a valid image file. Allowed types: png, jpg, jpeg',
  imageSize: 'The image file size should not exceed 2 MB.',
  videoType: 'Please select a valid video file. Allowed types: mp4',
  videoSize: 'The video file size should not exceed 30 MB.',
  gifOrPng: 'Only GIF and PNG files are allowed. Please select an image with a valid format.',
  pngOnly: 'Only PNG files are allowed. Please select an image with a valid format.',
  categoryImageType: 'Only PNG, GIF, JPG, JPEG images are allowed',
  categoryImageSize: 'Image size must be less than 1MB',
  productImageType: 'Only PNG, JPG, JPEG, and GIF files are allowed',
  /** Submitting without a valid file. */
  missingImage: 'Please select a valid image to upload.',
  /** Submitting an in-house ad without its files. */
  inHouseMissingFiles: 'select valid image , video and icon file',
} as const;

/** The MIME type a browser reports for each accepted extension. */
export const mimeTypeByExtension: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  mp4: 'video/mp4',
};

/** Story, story-ad, in-house and general images: png, jpg, jpeg up to 2 MB. */
export const imageRule: UploadRule = {
  extensions: imageExtensions,
  maxBytes: imageMaxBytes,
  typeMessage: uploadMessages.imageType,
  sizeMessage: uploadMessages.imageSize,
};

/** Story, banner and in-house videos: mp4 up to 30 MB. */
export const videoRule: UploadRule = {
  extensions: videoExtensions,
  maxBytes: videoMaxBytes,
  typeMessage: uploadMessages.videoType,
  sizeMessage: uploadMessages.videoSize,
};

/** Shortcut story logos: GIF and PNG, shared image size. */
export const shortcutImageRule: UploadRule = {
  ...imageRule,
  extensions: shortcutImageExtensions,
  typeMessage: uploadMessages.gifOrPng,
};

/** Banner images on the add screen: PNG only. */
export const bannerImageAddRule: UploadRule = {
  ...imageRule,
  extensions: bannerImageExtensions,
  typeMessage: uploadMessages.pngOnly,
};

/** Banner images on the update screen: still PNG only, but worded as the GIF-and-PNG message. */
export const bannerImageUpdateRule: UploadRule = {
  ...bannerImageAddRule,
  typeMessage: uploadMessages.gifOrPng,
};

/** Category and subcategory images: PNG, GIF, JPG, JPEG up to 1 MB (1 MB itself accepted). */
export const categoryImageRule: UploadRule = {
  extensions: categoryImageExtensions,
  maxBytes: categoryImageMaxBytes,
  typeMessage: uploadMessages.categoryImageType,
  sizeMessage: uploadMessages.categoryImageSize,
};

/** Product images: png, jpg, jpeg, gif within the shared image size. */
export const productImageRule: UploadRule = {
  ...imageRule,
  extensions: productImageExtensions,
  typeMessage: uploadMessages.productImageType,
};

/** Notification icons: png, jpg, jpeg, gif with the shared image messages (spec). */
export const notificationIconRule: UploadRule = {
  ...imageRule,
  extensions: notificationIconExtensions,
};

/** Most files one list slot takes (a product's gallery); the server refuses the next as it starts. */
export const maxFilesInList = 20;

/** The lowercase extension of a file name ('' when it has none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/**
 * The spec's message for a file the slot refuses, or null when it is accepted: first the
 * type (extension, and the MIME type when known), then the size (the limit itself accepted).
 * An empty file is no valid file of any type.
 */
export function checkUpload(file: FileLike, rule: UploadRule): string | null {
  const extension = extensionOf(file.name);
  const type = file.type?.toLowerCase() ?? '';
  const knownType = rule.extensions.some((allowed) => mimeTypeByExtension[allowed] === type);
  if (!rule.extensions.includes(extension) || (type !== '' && !knownType) || file.size <= 0) {
    return rule.typeMessage;
  }
  return file.size > rule.maxBytes ? rule.sizeMessage : null;
}

function isFileLike(value: unknown): value is FileLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    'name' in value &&
    typeof value.name === 'string' &&
    'size' in value &&
    typeof value.size === 'number'
  );
}

/**
 * A file slot of a form or multipart body. Leaving it empty gives `missingMessage`; a file
 * it refuses gives the rule's message. The file object itself is kept (a File stays a File).
 */
export const fileSlot = (rule: UploadRule, missingMessage: string = uploadMessages.missingImage) =>
  z.custom<FileLike>(isFileLike, { error: missingMessage }).superRefine((file, context) => {
    const problem = checkUpload(file, rule);
    if (problem !== null) context.addIssue({ code: 'custom', message: problem });
  });

/** A file slot that may be left empty (edit screens); a file given must pass its rule. */
export const optionalFileSlot = (rule: UploadRule) => fileSlot(rule).optional();

/** The image and video slots of stories and banners: one of the two, never both. */
export const mediaSlots = (image: UploadRule) => ({
  image: optionalFileSlot(image),
  video: optionalFileSlot(videoRule),
});

export const oneMediaMessage = 'Select either an image or a video, not both';
export const thumbnailMessage = 'A thumbnail goes with a video';

/** Checks a media pair: never both; and, where a file is required, one of them. */
export function checkMedia(
  media: { image?: FileLike | undefined; video?: FileLike | undefined },
  context: z.RefinementCtx,
  required: boolean,
): void {
  if (media.image !== undefined && media.video !== undefined) {
    context.addIssue({ code: 'custom', message: oneMediaMessage, path: ['video'] });
  } else if (required && media.image === undefined && media.video === undefined) {
    context.addIssue({ code: 'custom', message: uploadMessages.missingImage, path: ['image'] });
  }
}
