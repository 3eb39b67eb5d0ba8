import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import S3rver from 's3rver';

/** An S3 server on loopback (s3rver) with one bucket, and the app settings that use it. */
export async function startS3rver(bucket = 'fieldwork-files') {
  const directory = await mkdtemp(join(tmpdir(), 'ft-s3rver-'));
  const serve = (port: number) =>
    new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
  let server = serve(0);
  const { port } = await server.run();
  let isRunning = true;
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver's built-in account.
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials,
  });
  return {
    env: {
      STORAGE_URL: `s3://${bucket}`,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    /** Every key in the bucket but the link-signing key. */
    listKeys: async (): Promise<string[]> => {
      const answer = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (answer.Contents ?? [])
        .map((object) => object.Key ?? '')
        .filter((key) => key !== '.signing-key')
        .sort();
    },
    /** The object store goes down: its port refuses connections. */
    stop: async () => {
      await server.close();
      isRunning = false;
    },
    /** It comes back on the same port, with the objects it had. */
    start: async () => {
      server = serve(port);
      await server.run();
      isRunning = true;
    },
    close: async () => {
      client.destroy();
      if (isRunning) await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** A temporary folder for the folder storage, and the app settings that use it. */
export async function makeStorageFolder() {
  const root = await mkdtemp(join(tmpdir(), 'ft-files-'));
  return {
    root,
    env: { STORAGE_URL: pathToFileURL(root).href },
    /** Every file but the signing key: a leftover temporary write counts (it is an orphan). */
    listKeys: async (): Promise<string[]> => {
      const entries = await readdir(root, { recursive: true, withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => relative(root, join(entry.parentPath, entry.name)))
        .filter((key) => key !== '.signing-key')
        .sort();
    },
    close: () => rm(root, { recursive: true, force: true }),
  };
}
