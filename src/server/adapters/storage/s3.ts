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
  prefix: string;
  /** MinIO, s3rver…; AWS when absent. */
  endpoint: string | undefined;
  region: string | undefined;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  signingKey?: string | undefined;
  /** Unset, the SDK waits for ever. */
  timeoutMs?: number | undefined;
  now: () => Date;
};

// A dot-name is never a storage key.
const SIGNING_KEY_OBJECT = '.signing-key';

const PART_BYTES = 5 * 1024 * 1024;

/** Downloads stream through the app: a presigned GET cannot carry `nosniff` (decision 011). */
export function createS3Storage(options: S3StorageOptions): StoragePort {
  const { bucket } = options;
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.endpoint !== undefined,
    credentials: options.credentials,
    // S3-compatible servers most often mishandle a computed trailing checksum.
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

    // The bucket's lifecycle rule (AbortIncompleteMultipartUpload, README) removes the parts.
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

/** Written only if absent; a store that ignores the condition needs STORAGE_SIGNING_KEY. */
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
    const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : 0;
    if (status !== 412 && status !== 409) throw error;
  }
  return signingSecretOf((await read()) ?? '', `s3://${bucket}/${key}`);
}

type Target = { Bucket: string; Key: string; ContentType: string };

/** Multipart, so memory stays bounded by one part; a failed stream stores nothing. */
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

function uploadOriginsOf(options: S3StorageOptions): string[] {
  return [options.endpoint ? new URL(options.endpoint).origin : 'https://*.amazonaws.com'];
}
