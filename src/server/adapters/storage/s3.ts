import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import { attachmentDisposition } from './content-disposition';
import {
  assertStorageKey,
  SIGNED_PUT_SECONDS,
  signedGetWindow,
  type StoragePort,
} from './storage.port';

export type S3StorageOptions = {
  bucket: string;
  /** Prepended to every key (`s3://bucket/prefix`). */
  prefix: string;
  /** An S3-compatible server (MinIO, s3rver); AWS when absent. Addressed path-style. */
  endpoint: string | undefined;
  /** When absent, the AWS SDK's own (AWS_REGION, profiles). */
  region: string | undefined;
  /** When absent, the AWS SDK's own chain (AWS_ACCESS_KEY_ID, profiles, instance roles). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  now: () => Date;
};

// S3 takes a multipart upload's parts at 5 MiB or more (all but the last).
const PART_BYTES = 5 * 1024 * 1024;

/** S3-compatible object storage through the AWS SDK v3, with presigned URLs. */
export function createS3Storage(options: S3StorageOptions): StoragePort {
  const { bucket } = options;
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.endpoint !== undefined,
    credentials: options.credentials,
    // Checksums only where S3 demands them: a streamed body then goes out as it is (a
    // computed trailing checksum is what S3-compatible servers most often mishandle).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const keyOf = (key: string) => {
    assertStorageKey(key);
    return `${options.prefix}${key}`;
  };

  return {
    kind: 's3',
    browserOrigins: browserOriginsOf(options),

    async put(key, body, { contentType }) {
      return putStream(client, { Bucket: bucket, Key: keyOf(key), ContentType: contentType }, body);
    },

    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
        return answer.Body instanceof Readable ? answer.Body : null;
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
    },

    async signedGetUrl(key, { filename, contentType }) {
      const { signedAt, expiresAt } = signedGetWindow(options.now());
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: keyOf(key),
        ResponseContentDisposition: attachmentDisposition(filename),
        ResponseContentType: contentType,
      });
      return getSignedUrl(client, command, {
        signingDate: signedAt,
        expiresIn: Math.round((expiresAt.getTime() - signedAt.getTime()) / 1000),
      });
    },

    async signedPutUrl(key) {
      const now = options.now();
      const command = new PutObjectCommand({ Bucket: bucket, Key: keyOf(key) });
      const url = await getSignedUrl(client, command, {
        signingDate: now,
        expiresIn: SIGNED_PUT_SECONDS,
      });
      return { url, expiresAt: new Date(now.getTime() + SIGNED_PUT_SECONDS * 1000) };
    },
  };
}

type Target = { Bucket: string; Key: string; ContentType: string };

/**
 * Streams a body of unknown length: a small one in one PutObject, a larger one as a multipart
 * upload of 5 MiB parts, so memory stays bounded by one part. If the stream fails the multipart
 * upload is aborted and nothing is stored.
 */
async function putStream(client: S3Client, target: Target, body: Readable) {
  const parts = partsOf(body);
  const first = await parts.next();
  const firstPart = first.done ? Buffer.alloc(0) : first.value;
  if (firstPart.length < PART_BYTES) {
    await client.send(new PutObjectCommand({ ...target, Body: firstPart }));
    return { size: firstPart.length };
  }
  const { UploadId } = await client.send(new CreateMultipartUploadCommand(target));
  const upload = { Bucket: target.Bucket, Key: target.Key, UploadId };
  try {
    const done: { ETag: string | undefined; PartNumber: number }[] = [];
    let size = 0;
    let part: Buffer | undefined = firstPart;
    while (part) {
      const PartNumber = done.length + 1;
      const answer = await client.send(
        new UploadPartCommand({ ...upload, PartNumber, Body: part }),
      );
      done.push({ ETag: answer.ETag, PartNumber });
      size += part.length;
      const next = await parts.next();
      part = next.done ? undefined : next.value;
    }
    await client.send(
      new CompleteMultipartUploadCommand({ ...upload, MultipartUpload: { Parts: done } }),
    );
    return { size };
  } catch (error) {
    await client.send(new AbortMultipartUploadCommand(upload)).catch(() => undefined);
    throw error;
  }
}

/** The stream cut into parts of `PART_BYTES` (the last one shorter); empty gives one empty part. */
async function* partsOf(body: Readable): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    pending.push(buffer);
    pendingBytes += buffer.length;
    while (pendingBytes >= PART_BYTES) {
      const all = Buffer.concat(pending);
      yield all.subarray(0, PART_BYTES);
      pending = [all.subarray(PART_BYTES)];
      pendingBytes = all.length - PART_BYTES;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
}

/** The origins presigned URLs point at, for the CSP. */
function browserOriginsOf(options: S3StorageOptions): string[] {
  return [options.endpoint ? new URL(options.endpoint).origin : 'https://*.amazonaws.com'];
}
