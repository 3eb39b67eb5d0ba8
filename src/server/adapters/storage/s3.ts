import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { createLinkSigner, signingSecretOf } from './signed-token';
import {
  assertStorageKey,
  assertStoragePrefix,
  isStorageKey,
  SIGNED_PUT_SECONDS,
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
  /** The HMAC key of the app's download links; when absent one is kept in the bucket. */
  signingKey?: string | undefined;
  /**
   * How long the store may take to accept a connection, or stay silent on one, before the
   * request fails (a TimeoutError, which the app answers 503); unset, the SDK waits for ever.
   */
  timeoutMs?: number | undefined;
  now: () => Date;
};

// The link-signing key's object, beside the prefix's objects; a dot-name is never a storage key.
const SIGNING_KEY_OBJECT = '.signing-key';

// S3 takes a multipart upload's parts at 5 MiB or more (all but the last).
const PART_BYTES = 5 * 1024 * 1024;

/**
 * S3-compatible object storage through the AWS SDK v3. The picture's direct upload is a
 * presigned PUT; downloads are the app's own signed links, streamed through the app, because a
 * presigned GET cannot carry `nosniff` (docs/decisions/011-files.md).
 */
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
    requestHandler: { connectionTimeout: options.timeoutMs, socketTimeout: options.timeoutMs },
  });
  const keyOf = (key: string) => {
    assertStorageKey(key);
    return `${options.prefix}${key}`;
  };
  const configured = options.signingKey;
  const links = createLinkSigner(
    configured
      ? async () => signingSecretOf(configured, 'STORAGE_SIGNING_KEY')
      : () => loadSigningKey(client, bucket, `${options.prefix}${SIGNING_KEY_OBJECT}`),
    options.now,
  );

  return {
    kind: 's3',
    uploadOrigins: uploadOriginsOf(options),

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

    async *list(prefix) {
      assertStoragePrefix(prefix);
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: `${options.prefix}${prefix}`,
            ContinuationToken,
          }),
        );
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(options.prefix.length);
          if (key && isStorageKey(key) && object.LastModified) {
            yield { key, lastModified: object.LastModified };
          }
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    // An interrupted multipart upload stays out of sight (never listed, never served) until the
    // bucket's lifecycle rule (AbortIncompleteMultipartUpload, README) removes its parts.
    async removeAbandonedWrites() {
      return 0;
    },

    async signedGetUrl(key, download) {
      assertStorageKey(key);
      return links.downloadUrl(key, download);
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

    readToken: (token) => links.read(token),
  };
}

/**
 * The link-signing key kept in the bucket: created once, only if absent (a conditional write), then
 * read back, so instances sharing the bucket sign with the same key. A store that ignores the
 * condition can let two instances starting at the same moment each keep their own; set
 * STORAGE_SIGNING_KEY there.
 */
async function loadSigningKey(client: S3Client, bucket: string, key: string): Promise<Buffer> {
  const read = async () => {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return (await answer.Body?.transformToString('utf8')) ?? '';
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      throw error;
    }
  };
  const kept = await read();
  if (kept !== null) return signingSecretOf(kept, `s3://${bucket}/${key}`);
  try {
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: key,
        Body: randomBytes(32).toString('hex'),
        ContentType: 'text/plain',
        IfNoneMatch: '*',
      }),
    );
  } catch (error) {
    // Another instance wrote it first (412), or is writing it (409): read theirs.
    const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : 0;
    if (status !== 412 && status !== 409) throw error;
  }
  return signingSecretOf((await read()) ?? '', `s3://${bucket}/${key}`);
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

/** The origin presigned PUTs point at, for the CSP. */
function uploadOriginsOf(options: S3StorageOptions): string[] {
  return [options.endpoint ? new URL(options.endpoint).origin : 'https://*.amazonaws.com'];
}
