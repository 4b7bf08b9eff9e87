// An S3-compatible server for tests (s3rver, in process, files in a temporary folder): the
// media store's object-storage backend is tested against it. It takes s3rver's own
// credentials, given the way the server reads them: the standard AWS variables.
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../adapters/media/s3.js';

export const s3Credentials = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export async function startS3() {
  Object.assign(process.env, s3Credentials);
  const directory = await mkdtemp(join(tmpdir(), 'dealdesk-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true });
  return {
    endpoint,
    /** A new empty bucket and the settings of a store using it. */
    async bucket(): Promise<S3Settings> {
      const bucket = `media-${randomBytes(4).toString('hex')}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return { bucket, endpoint, region: 'us-east-1', forcePathStyle: true };
    },
    async stop() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
