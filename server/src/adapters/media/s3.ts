// Media in any S3-compatible object store (AWS S3, MinIO, R2...; s3rver in tests): the bucket
// of DEALDESK_S3_BUCKET, credentials from the standard AWS variables. Served under /media/ by
// this server (the bucket may stay private), or from DEALDESK_MEDIA_PUBLIC_URL.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { mimeTypeByExtension } from '@dealdesk/core';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import { HttpError } from '../../http/errors.js';
import { mediaLinks, newMediaName, type MediaStore } from './index.js';
import { bucketShelf } from './shelf-bucket.js';

export interface S3Settings {
  bucket: string;
  /** A self-hosted store's address; null: AWS's own for the region. */
  endpoint: string | null;
  region: string;
  /** bucket in the path (http://host/bucket/key), as most self-hosted stores want. */
  forcePathStyle: boolean;
}

export const mediaStoreDown = 'Media storage is unavailable right now. Please try again shortly.';

/** What the store said, in one line: its error name and HTTP status. */
const reasonOf = (error: unknown) => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return `${name ?? 'Error'}${$metadata?.httpStatusCode === undefined ? '' : ` (${$metadata.httpStatusCode})`}`;
};

export function createS3MediaStore(settings: S3Settings, publicUrl: string | null): MediaStore {
  const client = new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    // A streamed body with a trailing checksum (aws-chunked) is not understood by every
    // S3-compatible store; the length is sent and the store checks what it got.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    ...(settings.endpoint === null ? {} : { endpoint: settings.endpoint }),
  });
  const Bucket = settings.bucket;
  const links = mediaLinks(publicUrl);
  const variants = bucketShelf(client, Bucket);
  return {
    async save(file, name = newMediaName(file.ext)) {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: name,
            Body: file.open(),
            ContentLength: file.size,
            ContentType: mimeTypeByExtension[file.ext] ?? 'application/octet-stream',
            // Names are never reused: caches may keep a file for good.
            CacheControl: 'public, max-age=31536000, immutable',
          }),
        );
      } catch {
        // The call answers 503 and writes nothing (withStoredFiles removes what was stored).
        throw new HttpError(503, mediaStoreDown);
      }
      return links.linkOf(name);
    },
    async remove(link) {
      const name = links.nameOf(link);
      if (name === null) return;
      await client.send(new DeleteObjectCommand({ Bucket, Key: name }));
      await variants.drop(name);
    },
    linkOf: links.linkOf,
    nameOf: links.nameOf,
    settle: () => Promise.resolve(),
    variants,
    served: {
      async read(name, range) {
        try {
          const object = await client.send(
            new GetObjectCommand({ Bucket, Key: basename(name), Range: range }),
          );
          if (!(object.Body instanceof Readable)) return null;
          return {
            body: object.Body,
            length: object.ContentLength ?? 0,
            type: object.ContentType ?? 'application/octet-stream',
            range: object.ContentRange ?? null,
          };
        } catch (error) {
          if (error instanceof NoSuchKey) return null;
          throw new HttpError(503, mediaStoreDown);
        }
      },
    },
    async checkWritable() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        throw new Error(`bucket ${Bucket}: ${reasonOf(error)}`);
      }
    },
  };
}
