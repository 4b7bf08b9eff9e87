// The object store's variant shelf: keys variants/<original name>/<width>.<ext> in the media
// bucket (an original's name never holds a '/', so no original is ever reached from here).
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { basename } from 'node:path';
import { HttpError } from '../../http/errors.js';
import { mediaStoreDown } from './s3.js';
import type { KeptVariant, VariantShelf } from './variants.js';

const prefix = 'variants/';

/** The store's ETag (a hash of the bytes) without its quotes. */
const unquoted = (etag: string | undefined) => (etag ?? '').replaceAll('"', '');

export function bucketShelf(client: S3Client, Bucket: string): VariantShelf {
  const read = async (Key: string): Promise<KeptVariant | null> => {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket, Key }));
      if (object.Body === undefined) return null;
      return {
        bytes: Buffer.from(await object.Body.transformToByteArray()),
        tag: unquoted(object.ETag),
      };
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      throw new HttpError(503, mediaStoreDown);
    }
  };
  return {
    get: (key) => read(`${prefix}${key}`),
    async put(key, bytes, type) {
      const put = await client
        .send(
          new PutObjectCommand({
            Bucket,
            Key: `${prefix}${key}`,
            Body: bytes,
            ContentType: type,
            CacheControl: 'public, max-age=31536000, immutable',
          }),
        )
        .catch(() => {
          throw new HttpError(503, mediaStoreDown);
        });
      return { bytes, tag: unquoted(put.ETag) };
    },
    original: async (name) => (await read(basename(name)))?.bytes ?? null,
    async drop(name) {
      const listed = await client.send(
        new ListObjectsV2Command({ Bucket, Prefix: `${prefix}${basename(name)}/` }),
      );
      await Promise.all(
        (listed.Contents ?? []).map(({ Key }) =>
          client.send(new DeleteObjectCommand({ Bucket, Key })),
        ),
      );
    },
  };
}
